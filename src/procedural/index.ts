/** Procedural animation on the node tree: ground, spiders, creatures, reaching in sequence. */
export * from './terrain';
export * from './spider';
export * from './creature';
export * from './reach';
export { approach, approachAngle, approachFactor } from './smoothing';
