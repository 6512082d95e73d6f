export * from './vec2';
export * from './angles';
export * as transform2d from './transform2d';
export type { Transform2D, Decomposed } from './transform2d';
export { mulberry32 } from './random';
