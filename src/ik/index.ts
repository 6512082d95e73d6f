export { solveLookAt, type AngleLimits, type LookAtSolution } from './look-at-kernel';
export { LookAt2D, type LookAtStatus } from './look-at-2d';
