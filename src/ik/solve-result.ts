/**
 * What every solver reports, and the sub-steps it can trace. A result object is made once and
 * reused (kernels fill it in), so an untraced solve allocates nothing.
 */

/**
 * Where the target lies for the unconstrained chain:
 * - `reachable`: inside the ring the tip can reach;
 * - `beyond`: farther than all bones laid end to end (seed 002 Fig. 2.1);
 * - `dead-zone`: nearer than the longest bone minus all the others (Fig. 2.2);
 * - `invalid`: the target is not a finite point; the chain was left as it was.
 */
export type Reachability = 'reachable' | 'beyond' | 'dead-zone' | 'invalid';

export interface SolveResult {
  /** Iterations used (a closed-form answer counts as 0; a partial sweep counts as one). */
  iterations: number;
  /** Distance from the tip to the target after the solve. Infinity for an invalid target. */
  error: number;
  /** True when the error is within the tolerance. */
  reached: boolean;
  reachability: Reachability;
  /** True when the iteration cap stopped the solver before it reached the tolerance. */
  capped: boolean;
  /** True when a solver stopped early because its step became zero (no progress possible). */
  stalled: boolean;
  /** Pole sweeps run (FABRIK with a pole), 0 otherwise. */
  poleSweeps: number;
  /**
   * True when the bound on one solve's work (WORK_BUDGET), not `maxIterations`, capped it: a
   * long chain gets fewer iterations so that no single call runs for long.
   */
  workBound: boolean;
  /**
   * Interior joints left on the far side of their pole (FABRIK with poles): the mirror passes
   * stopped at their cap, or a limit forbade the mirror. 0 when every joint is on its pole's side.
   */
  poleMisses: number;
}

export const createResult = (): SolveResult => ({
  iterations: 0,
  error: 0,
  reached: false,
  reachability: 'reachable',
  capped: false,
  stalled: false,
  poleSweeps: 0,
  workBound: false,
  poleMisses: 0,
});

/** Copies every field of a result into another (field by field: Object.assign is slower). */
export function copyResult(from: SolveResult, to: SolveResult): void {
  to.iterations = from.iterations;
  to.error = from.error;
  to.reached = from.reached;
  to.reachability = from.reachability;
  to.capped = from.capped;
  to.stalled = from.stalled;
  to.poleSweeps = from.poleSweeps;
  to.workBound = from.workBound;
  to.poleMisses = from.poleMisses;
}

export function resetResult(r: SolveResult): SolveResult {
  r.iterations = 0;
  r.error = 0;
  r.reached = false;
  r.reachability = 'reachable';
  r.capped = false;
  r.stalled = false;
  r.poleSweeps = 0;
  r.workBound = false;
  r.poleMisses = 0;
  return r;
}

/**
 * One sub-step of a solver, for students to watch:
 * - `stretch` / `fold`: the closed-form answer for an unreachable target;
 * - `aim` / `bend`: the two-bone solver's steps (point at the target, then open the triangle);
 * - `turn`: CCD turned one bone;
 * - `forward` / `backward`: FABRIK placed one joint in that pass;
 * - `pole`: a joint was mirrored to the pole's side;
 * - `step`: a Jacobian method changed every angle at once;
 * - `nudge`: the solver was stuck at a stationary point and bent the chain slightly;
 * - `iteration`: an iteration ended (the pose is complete; use it to plot error per iteration).
 */
export type TracePass =
  | 'stretch'
  | 'fold'
  | 'aim'
  | 'bend'
  | 'turn'
  | 'forward'
  | 'backward'
  | 'pole'
  | 'step'
  | 'nudge'
  | 'iteration';

export interface TraceEvent {
  pass: TracePass;
  /** 1-based iteration the step belongs to; 0 for closed-form steps. */
  iteration: number;
  /** The bone (turn, bend, aim) or joint (forward, backward, pole) acted on; −1 for all. */
  index: number;
  /** How far the bone turned (radians, screen), where that applies; 0 otherwise. */
  turn: number;
  /** The turn the step's formula asked for, before joint limits cut it (equal to `turn` if none did). */
  wanted: number;
  /** Tip-to-target distance after this step (of the working positions, for FABRIK). */
  error: number;
  /** Joint positions after the step: x0, y0, …, xn, yn. A copy, safe to keep. */
  positions: Float64Array;
  /**
   * False while FABRIK is mid-pass: the working positions do not yet keep every bone length
   * (draw them as ghosts). True when the positions are a real pose of the chain.
   */
  valid: boolean;
}

export type Trace = (event: TraceEvent) => void;

/** Options every iterative solver takes. */
export interface IterativeOptions {
  /** Stop when the tip is this close to the target (scene units). */
  tolerance: number;
  /** Hard cap: the solver never runs more iterations than this, whatever the input. */
  maxIterations: number;
  /**
   * Answer unreachable targets in closed form (the straight or folded chain) when no bone has
   * limits. Off lets a student watch an iterative solver meet an unreachable target itself.
   */
  closedFormWhenUnreachable?: boolean;
}

/** Iteration caps are clamped to this, so a bad option cannot make a solve run for minutes. */
export const MAX_ITERATIONS_LIMIT = 100_000;

export function iterationCap(maxIterations: number): number {
  if (!Number.isFinite(maxIterations)) return maxIterations > 0 ? MAX_ITERATIONS_LIMIT : 0;
  return Math.max(0, Math.min(MAX_ITERATIONS_LIMIT, Math.floor(maxIterations)));
}

/**
 * The most bone-iterations (bones × iterations) one solve may spend. Measured on these machines
 * (`bench/worst-case.bench-report.ts`), an iteration costs 0.1–0.4 µs per bone, so this keeps
 * any single call to a few milliseconds: a 3-bone leg still gets 8 000 iterations, a 1 000-bone
 * chain 25.
 */
export const WORK_BUDGET = 25_000;

/** The iteration cap for a chain of `bones`: the asked cap, lowered to fit WORK_BUDGET. */
export function workCap(maxIterations: number, bones: number): number {
  const asked = iterationCap(maxIterations);
  return Math.min(asked, Math.max(1, Math.floor(WORK_BUDGET / Math.max(1, bones))));
}

/**
 * Whether a solve that ran out of iterations stopped at the work bound rather than at the cap
 * it was asked for (`cap` is the workCap it ran with; `outOfWork`: another work limit hit).
 */
export const stoppedByWork = (
  result: Readonly<SolveResult>,
  cap: number,
  maxIterations: number,
  outOfWork = false,
): boolean => result.capped && (outOfWork || cap < iterationCap(maxIterations));

export const toleranceOf = (tolerance: number): number =>
  Number.isFinite(tolerance) && tolerance > 0 ? tolerance : 0;
