/** Procedural animation on the node tree: ground, spiders, creatures, reaching in sequence. */
export * from './terrain/index.ts';
export * from './spider/index.ts';
export * from './creature/index.ts';
export * from './reach/index.ts';
export { approach, approachAngle, approachFactor } from './smoothing.ts';
