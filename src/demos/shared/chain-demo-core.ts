import type { ChainIK2D, ChainIKStatus } from '../../ik/chain-ik-2d.ts';
import { toRadians } from '../../math/angles.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';
import { processTree } from '../../scene/node.ts';
import type { FigureDescription } from '../description.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { NumberParam } from '../params.ts';
import { CHAIN_PLOTS, chainReadouts, chainStrings } from './chain-description.ts';
import { drawLimits, drawReach } from './chain-overlay.ts';
import { applyFlips, type ChainRig, type Flips } from './chain-rig.ts';
import type { chainParams, flipParams } from './shared-params.ts';
import { statusText } from './chain-status.ts';
import { SolverStepper } from './solver-stepper.ts';

/** What the CCD and FABRIK figures' descriptions have in common (chain-description.ts). */
type ChainFigure = FigureDescription & {
  params: typeof chainParams & typeof flipParams & { iterations: NumberParam };
  stepTrace: true;
  readouts: ReturnType<typeof chainReadouts>;
  plots: typeof CHAIN_PLOTS;
  strings: ReturnType<typeof chainStrings>;
};
/** The part of a CCD or FABRIK figure's kit the shared core binds to. */
export type ChainUi = FigureUi<ChainFigure>;

/**
 * What the CCD and FABRIK figures share: the mirrors, tolerance, iteration cap and limits; the
 * stepper; the readouts (the solve from the rest pose, which the lessons count and Step shows,
 * and this frame's warm solve); a plot of how far each joint turned from rest; and the overlay
 * (limits, the sub-step on show). A figure adds its own settings and drawing.
 */
export class ChainDemoCore {
  readonly stepper: SolverStepper;
  readonly flips: Flips;
  private lastTarget: Vec2;
  private plotClock = Infinity;
  /** The solve from the rest pose to where the target is now; null: measure it again. */
  private fromRest: ChainIKStatus | null = null;
  private readonly saved: number[] = [];

  constructor(
    private readonly ui: ChainUi,
    readonly rig: ChainRig,
    readonly ik: ChainIK2D,
    private readonly solverName: string,
  ) {
    const v = ui.values;
    ik.tolerance = v.tolerance;
    ik.maxIterations = v.iterations;
    this.flips = {
      rootX: v.flipRootX,
      rootY: v.flipRootY,
      middleX: v.flipMiddleX,
      middleY: v.flipMiddleY,
    };
    applyFlips(rig, this.flips);
    this.applyLimits();
    this.lastTarget = rig.target.globalPosition;
    this.stepper = new SolverStepper(ui, ik, () => (this.plotClock = Infinity));
    ui.on('tolerance', (t) => this.change(() => (ik.tolerance = t)));
    ui.on('iterations', (n) => this.change(() => (ik.maxIterations = n)));
    ui.on('limits', () => this.change(() => this.applyLimits()));
    ui.on('limit', () => this.change(() => this.applyLimits()));
    for (const [key, name] of [
      ['rootX', 'flipRootX'],
      ['rootY', 'flipRootY'],
      ['middleX', 'flipMiddleX'],
      ['middleY', 'flipMiddleY'],
    ] as const)
      ui.on(name, (on) => this.change(() => ((this.flips[key] = on), applyFlips(rig, this.flips))));
  }

  /** A setting changed: the solves recorded or measured from the rest pose are out of date. */
  change(apply: () => void): void {
    apply();
    this.invalidate();
  }

  /** Something the solve reads moved (the target, a pole): solve from rest again. */
  invalidate(): void {
    this.fromRest = null;
    this.stepper.invalidate();
  }

  update(dt: number): void {
    this.stepper.update(dt);
    const t = this.rig.target.globalPosition;
    if (t.x !== this.lastTarget.x || t.y !== this.lastTarget.y) {
      this.lastTarget = t;
      this.invalidate();
    }
    if (!this.stepper.isStepping) this.fromRest ??= this.solveFromRest();
    processTree(this.rig.world, dt);
    this.showReadouts();
    this.plotClock += dt;
    if (this.plotClock >= 0.25) {
      this.plotClock = 0;
      this.ui.plot('spread').set([
        {
          label: this.ui.say('spreadSeries', { solver: this.solverName }),
          color: 'var(--plot-1)',
          values: this.rig.bones.map((b) =>
            Math.abs(toDegreesWrapped(b.rotation - b.rest.rotation)),
          ),
        },
      ]);
    }
  }

  /**
   * Live: the solve from the rest pose (what the lessons count), and what this frame's solve,
   * from last frame's pose, took. Stepping: the sub-step on show, and the outcome only at the
   * end.
   */
  private showReadouts(): void {
    const { ui, stepper } = this;
    const shown = stepper.shown;
    const live = this.ik.status;
    const rest = shown ? shown.final : (this.fromRest ?? live);
    ui.readout('iterations').set(
      shown ? ui.say('stepOf', { k: shown.iteration, n: rest.iterations }) : `${rest.iterations}`,
    );
    ui.readout('warm').set(
      shown ? ui.say('warmWhileStepping') : live.unchanged ? 0 : live.iterations,
    );
    ui.readout('error').set(shown ? shown.error : live.error);
    const s = shown ? shown.final : live;
    ui.readout('status').set(
      stepper.resultLine(
        statusText(s, ui.say, {
          solver: this.solverName,
          cap: this.ik.maxIterations,
          counted: shown !== null,
        }),
      ),
    );
  }

  /**
   * Solves once from the rest pose to where the target is now, untraced, and puts the bones
   * back as they were: the count the lessons quote. The live solve that follows starts from
   * the bones as they were (a mix of 1 shows the whole IK result, so they are its warm start).
   */
  private solveFromRest(): ChainIKStatus {
    const bones = this.ik.getBones();
    const saved = this.saved;
    saved.length = 0;
    for (const b of bones) saved.push(b.rotation);
    const was = this.ik.startFromRest;
    this.ik.startFromRest = true;
    const s = { ...this.ik.solve() };
    this.ik.startFromRest = was;
    bones.forEach((b, i) => (b.rotation = saved[i]!));
    return s;
  }

  drawOverlay(p: OverlayPainter, reach: boolean): void {
    const chain = this.ik.currentChain;
    if (reach)
      drawReach(p, chain, true, {
        reach: this.ui.say('reach'),
        deadZone: this.ui.say('deadZoneLabel'),
      });
    if (this.ui.values.limits) drawLimits(p, chain, this.rig.bones);
    const n = this.rig.bones.length;
    this.stepper.drawSubStep(p, n, this.rig.target.globalPosition);
    const tip = this.rig.bones[n - 1]!.tipGlobalPosition;
    p.line(tip, this.rig.target.globalPosition, { color: 'target', width: 1, alpha: 0.6 });
  }

  /** The target where the student dragged it (the kit adds every control's value). */
  currentParams(): Record<string, number> {
    const t = this.rig.target.globalPosition;
    return { targetX: Math.round(t.x), targetY: Math.round(t.y) };
  }

  private applyLimits(): void {
    const { limits, limit } = this.ui.values;
    const l = toRadians(limit);
    this.ik.joints = this.rig.bones.map((b) => ({
      limited: limits,
      // Around the rest pose, so the rest pose is always allowed.
      min: b.rest.rotation - l,
      max: b.rest.rotation + l,
    }));
  }
}

const toDegreesWrapped = (r: number) => (Math.atan2(Math.sin(r), Math.cos(r)) * 180) / Math.PI;
