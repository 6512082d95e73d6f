import { provideClips } from '../../src/demos/shared/shipped-clips';
import { clipText } from './clip-text';

// The 3D demos read the course's clips, which a page fetches; tests read them from disk.
provideClips(clipText);
