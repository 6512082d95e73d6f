import { loadStepEngine } from '../../src/demos/shared/solver-stepper';
import { provideClips } from '../../src/demos/shared/shipped-clips';
import { clipText } from './clip-text';

// The 3D demos read the course's clips, which a page fetches; tests read them from disk.
provideClips(clipText);

// A page loads the stepping (its engine and sentences) once its first figure runs; tests have
// it from the start (a browser test presses Step as soon as a figure runs).
await loadStepEngine();
