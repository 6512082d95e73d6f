/**
 * Seed 000's GradientDescent (§7.1): a cost F(x) = Σ w_i f_i(x) with an analytic gradient,
 * minimised by x := x − λ ∇F(x), or with momentum (g := 0.8 g + 0.2 ∇F; x := x − λ g). It stops
 * after `maxIterations`, or once no coordinate moves more than `targetArgDelta` in a step. The
 * seed's "softenSteps" (on by default) caps each gradient component at ten times the size of its
 * previous step's, so one huge gradient does not throw the variables far.
 *
 * A problem writes F's gradient into `grad` and returns F; `afterStep` may change x and the step
 * (the stride corrector clamps points above the ground there). Nothing is allocated per run once
 * the buffers are as large as the largest problem.
 */
export interface DescentProblem {
  /** Number of variables. */
  readonly size: number;
  evaluate(x: Float64Array, grad: Float64Array): number;
  /** After each step: x has moved by −λ·delta; may adjust both (seed: postDescentStepCustomBehaviour). */
  afterStep?(x: Float64Array, delta: Float64Array, iteration: number): void;
}

export interface DescentOptions {
  learningRate: number;
  maxIterations: number;
  targetArgDelta: number;
  momentum?: boolean;
  softenSteps?: boolean;
}

export interface DescentResult {
  iterations: number;
  /** F at the end. */
  cost: number;
  /** Whether it stopped because the steps became small (not at the iteration cap). */
  converged: boolean;
}

export class GradientDescent {
  private grad = new Float64Array(0);
  private delta = new Float64Array(0);
  private readonly result: DescentResult = { iterations: 0, cost: 0, converged: false };

  /** Minimises from x (changed in place). Returns a result object reused between runs. */
  run(problem: DescentProblem, x: Float64Array, o: DescentOptions): DescentResult {
    const n = problem.size;
    if (this.grad.length < n) {
      this.grad = new Float64Array(n);
      this.delta = new Float64Array(n);
    }
    const g = this.grad;
    const d = this.delta;
    d.fill(0, 0, n);
    const lr = o.learningRate;
    const soften = o.softenSteps ?? true;
    const cap = Math.max(0, Math.floor(Number.isFinite(o.maxIterations) ? o.maxIterations : 0));
    let it = 0;
    let converged = false;
    while (it < cap) {
      problem.evaluate(x, g);
      let moving = false;
      for (let i = 0; i < n; i++) {
        let gi = Number.isFinite(g[i]!) ? g[i]! : 0;
        // softenSteps: no component may grow past ten times its last raw step.
        if (soften && it > 0) {
          const limit = 10 * Math.abs(d[i]!);
          if (limit > 0) gi = Math.max(-limit, Math.min(limit, gi));
        }
        d[i] = o.momentum ? 0.8 * d[i]! + 0.2 * gi : gi;
      }
      for (let i = 0; i < n; i++) x[i] = x[i]! - lr * d[i]!;
      problem.afterStep?.(x, d, it);
      it++;
      for (let i = 0; i < n; i++) if (Math.abs(lr * d[i]!) > o.targetArgDelta) moving = true;
      if (!moving) {
        converged = true;
        break;
      }
    }
    this.result.iterations = it;
    this.result.cost = problem.evaluate(x, g);
    this.result.converged = converged;
    return this.result;
  }
}
