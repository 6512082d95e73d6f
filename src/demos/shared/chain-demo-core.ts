import type { ChainIK2D, ChainIKStatus } from '../../ik/chain-ik-2d';
import { toRadians } from '../../math/angles';
import type { Vec2 } from '../../math/vec2';
import type { OverlayPainter } from '../../render/overlay-painter';
import { processTree } from '../../scene/node';
import type { ControlPanel } from '../contract';
import { drawGhost, drawLimits, drawReach, drawTurn } from './chain-overlay';
import { applyFlips, type ChainRig, type Flips } from './chain-rig';
import { num } from './format';
import { SolverStepper, stepBarUi } from './solver-stepper';

export interface ChainDemoSettings {
  targetX: number;
  targetY: number;
  tolerance: number;
  iterations: number;
  limits: boolean;
  limit: number;
  flipRootX: boolean;
  flipRootY: boolean;
  flipMiddleX: boolean;
  flipMiddleY: boolean;
}

/**
 * What the CCD and FABRIK demos share: flips, tolerance, iteration cap and limits as controls;
 * the stepper; readouts of the last solve (of the sub-step on show, while stepping); a plot of
 * how far each joint turned from rest; and the overlay (limits, the sub-step on show). A demo
 * adds its own controls and drawing.
 */
export class ChainDemoCore {
  readonly stepper: SolverStepper;
  readonly flips: Flips;
  private lastTarget: Vec2;
  private plotClock = Infinity;
  private readonly iterations: { set(t: string): void };
  private readonly error: { set(t: string): void };
  private readonly status: { set(t: string): void };
  private readonly spread: ReturnType<ControlPanel['plot']>;

  constructor(
    private readonly controls: ControlPanel,
    readonly rig: ChainRig,
    readonly ik: ChainIK2D,
    readonly settings: ChainDemoSettings,
    private readonly solverName: string,
  ) {
    ik.tolerance = settings.tolerance;
    ik.maxIterations = settings.iterations;
    this.flips = {
      rootX: settings.flipRootX,
      rootY: settings.flipRootY,
      middleX: settings.flipMiddleX,
      middleY: settings.flipMiddleY,
    };
    applyFlips(rig, this.flips);
    this.applyLimits();
    this.lastTarget = rig.target.globalPosition;
    this.stepper = new SolverStepper(stepBarUi(controls), ik, () => (this.plotClock = Infinity));
    this.addFlipControls();
    controls.slider({
      id: 'tolerance',
      label: 'Tolerance',
      min: 0.01,
      max: 40,
      step: 0.01,
      log: true,
      value: settings.tolerance,
      onInput: (v) => this.change(() => (ik.tolerance = settings.tolerance = v)),
    });
    controls.slider({
      id: 'iterations',
      label: 'Iteration cap',
      min: 1,
      max: 500,
      step: 1,
      log: true,
      value: settings.iterations,
      onInput: (v) => this.change(() => (ik.maxIterations = settings.iterations = v)),
    });
    controls.toggle({
      id: 'limits',
      label: 'Limit every joint',
      value: settings.limits,
      onChange: (v) => this.change(() => ((settings.limits = v), this.applyLimits())),
    });
    controls.slider({
      id: 'limit',
      label: 'Limit ±',
      min: 5,
      max: 180,
      step: 1,
      unit: '°',
      value: settings.limit,
      onInput: (v) => this.change(() => ((settings.limit = v), this.applyLimits())),
    });
    this.iterations = controls.readout({ id: 'iterations', label: 'Iterations' });
    this.error = controls.readout({ id: 'error', label: 'Tip to target' });
    this.status = controls.readout({ id: 'status', label: 'Result' });
    this.spread = controls.plot({
      id: 'spread',
      label: 'How far each joint turned from its rest pose',
      xLabel: 'joint, from the root',
      yLabel: 'degrees',
      kind: 'bars',
      xStart: 1,
    });
  }

  /** A setting changed: the recorded solve (if stepping) is out of date. */
  change(apply: () => void): void {
    apply();
    this.stepper.invalidate();
  }

  update(dt: number): void {
    this.stepper.update(dt);
    const t = this.rig.target.globalPosition;
    if (t.x !== this.lastTarget.x || t.y !== this.lastTarget.y) {
      this.lastTarget = t;
      this.stepper.invalidate();
    }
    processTree(this.rig.world, dt);
    // Live: the last solve. Stepping: the sub-step on show, and the outcome only at the end.
    const shown = this.stepper.shown;
    const s = shown ? shown.final : this.ik.status;
    this.iterations.set(shown ? `${shown.iteration} of ${s.iterations}` : String(s.iterations));
    this.error.set(num(shown ? shown.error : s.error, 2));
    this.status.set(this.stepper.resultLine(statusText(s, this.solverName, this.ik.maxIterations)));
    this.plotClock += dt;
    if (this.plotClock >= 0.25) {
      this.plotClock = 0;
      this.spread.set([
        {
          label: `${this.solverName}: turn from rest`,
          color: 'var(--plot-1)',
          values: this.rig.bones.map((b) =>
            Math.abs(toDegreesWrapped(b.rotation - b.rest.rotation)),
          ),
        },
      ]);
    }
  }

  drawOverlay(p: OverlayPainter, reach: boolean): void {
    const chain = this.ik.currentChain;
    if (reach) drawReach(p, chain);
    if (this.settings.limits) drawLimits(p, chain, this.rig.bones);
    const e = this.stepper.current;
    const n = this.rig.bones.length;
    if (e && !e.valid) drawGhost(p, e, n);
    if (e && e.pass === 'turn')
      drawTurn(p, e, n, this.rig.target.globalPosition, this.stepper.previousPositions);
    const tip = this.rig.bones[n - 1]!.tipGlobalPosition;
    p.line(tip, this.rig.target.globalPosition, { color: 'target', width: 1, alpha: 0.6 });
  }

  currentParams(): Record<string, number | boolean> {
    const t = this.rig.target.globalPosition;
    return {
      targetX: Math.round(t.x),
      targetY: Math.round(t.y),
      tolerance: this.settings.tolerance,
      iterations: this.settings.iterations,
      limits: this.settings.limits,
      limit: this.settings.limit,
      flipRootX: this.flips.rootX,
      flipRootY: this.flips.rootY,
      flipMiddleX: this.flips.middleX,
      flipMiddleY: this.flips.middleY,
    };
  }

  private applyLimits(): void {
    const l = toRadians(this.settings.limit);
    this.ik.joints = this.rig.bones.map((b) => ({
      limited: this.settings.limits,
      // Around the rest pose, so the rest pose is always allowed.
      min: b.rest.rotation - l,
      max: b.rest.rotation + l,
    }));
  }

  private addFlipControls(): void {
    const flip = (key: keyof Flips, id: string, label: string) =>
      this.controls.toggle({
        id,
        label,
        value: this.flips[key],
        onChange: (v) =>
          this.change(() => ((this.flips[key] = v), applyFlips(this.rig, this.flips))),
      });
    flip('rootX', 'flipRootX', 'Mirror skeleton x');
    flip('rootY', 'flipRootY', 'Mirror skeleton y');
    flip('middleX', 'flipMiddleX', `Mirror ${this.rig.middle.name} x`);
    flip('middleY', 'flipMiddleY', `Mirror ${this.rig.middle.name} y`);
  }
}

const toDegreesWrapped = (r: number) => (Math.atan2(Math.sin(r), Math.cos(r)) * 180) / Math.PI;

export function statusText(s: ChainIKStatus, solver: string, cap: number): string {
  if (!s.ok) return s.message;
  const warn = s.warning ? ` (${s.warning})` : '';
  if (s.reached)
    return `reached in ${s.iterations} iteration${s.iterations === 1 ? '' : 's'}${warn}`;
  // Out of reach with no limits, the straight chain is the answer and no iteration runs. With
  // limits the chain may not straighten: the solver iterates to the nearest pose it can find.
  if (s.reachability === 'beyond' && s.iterations === 0)
    return `out of reach: the straight chain points at the target${warn}`;
  if (s.reachability === 'beyond')
    return `out of reach, and the joint limits keep the chain from straightening: the nearest pose ${solver} found within them, ${num(s.error, 1)} from the target after ${s.iterations} iteration${s.iterations === 1 ? '' : 's'}${warn}`;
  if (s.reachability === 'dead-zone')
    return `inside the dead zone: folded as near as the chain gets${warn}`;
  if (s.stalled) return `${solver} stopped: no joint can turn any nearer (limits?)${warn}`;
  if (s.capped) return `stopped by the cap of ${cap} iterations, not yet within tolerance${warn}`;
  return `not reached${warn}`;
}
