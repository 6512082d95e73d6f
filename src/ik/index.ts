/**
 * The solver library: kernels (pure functions over a flat Chain, allocation-free unless traced)
 * and the IK nodes that adapt a node tree to them. Import from here.
 */
export { solveLookAt, type AngleLimits, type LookAtSolution } from './look-at-kernel';
export { LookAt2D, lookAt2DType, type LookAtStatus } from './look-at-2d';

export {
  type Chain,
  createChain,
  chainFrom,
  copyChain,
  forwardKinematics,
  setDirections,
  tipError,
  tipX,
  tipY,
  totalLength,
  hasLimits,
} from './chain';
export {
  type SolveResult,
  type Reachability,
  type TraceEvent,
  type TracePass,
  type Trace,
  type IterativeOptions,
  createResult,
  MAX_ITERATIONS_LIMIT,
} from './solve-result';
export { reachRing, reachabilityOf, type ReachRing } from './reach';
export { solveTwoBone, softenedDistance, type TwoBoneOptions } from './two-bone-kernel';
export { blendRotation, blendWithinArc, clampMix } from './mix';
export { solveCCD, type CCDOptions, type CCDOrder } from './ccd-kernel';
export { solveFabrik, type FabrikOptions } from './fabrik-kernel';
export { bendToPoles, POLE_MODES, type PoleMode, type PoleOptions } from './pole-bend';
export {
  solveJacobian,
  JACOBIAN_METHODS,
  DEFAULT_DAMPING,
  type JacobianMethod,
  type JacobianOptions,
} from './jacobian-kernel';

export { ChainIK2D, type ChainIKStatus, type JointLimit } from './chain-ik-2d';
export { chainIK2DType, chainStatusLine } from './chain-ik-type';
export { TwoBoneIK2D, twoBoneIK2DType } from './two-bone-ik-2d';
export { CCDIK2D, CCD_ORDERS, ccdIK2DType } from './ccd-ik-2d';
export { FABRIK2D, fabrik2DType } from './fabrik-2d';
export { JacobianIK2D, jacobianIK2DType } from './jacobian-ik-2d';
export { NODE_TYPES } from './node-types';
export { withAuthoredPose } from './authored-pose';
