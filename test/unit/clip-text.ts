import { readFileSync } from 'node:fs';

/** A shipped clip's BVH text, e.g. clipText('walk') for public/clips/walk.bvh. */
export const clipText = (name: string): string =>
  readFileSync(new URL(`../../public/clips/${name}.bvh`, import.meta.url), 'utf8');
