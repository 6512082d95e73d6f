import { rgba } from '../../render/raster/raster-target.ts';
import {
  analyseWalk,
  findLegs,
  type IKRigDef,
  type SupportRule,
  type WalkAnalysis,
} from '../../walk3d/walk-analysis.ts';
import { CurveBuffer } from '../shared/curve-buffer.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { ClipPlayer } from './clip-player.ts';

const STANCE = rgba(30, 150, 80);
const STEP = rgba(230, 120, 30);
const HIP = rgba(120, 120, 200);

/**
 * The walk as the analysis reads it (seed 000 §6.3): its legs, the factor and rule it was read
 * with, and what it found, drawn as curves on the picture: each foot's stances (green) and steps
 * (orange) over one cycle, and the hips' path (blue). Read again whenever the factor, the rule
 * or the clip changes.
 */
export class WalkReading {
  def: IKRigDef;
  analysis!: WalkAnalysis;
  /** Each foot's own (cleaned-up) support test, as the strip shows it. */
  own: Uint8Array[] = [];
  /** d_min drawn as a line across the movement plot, made once per analysis. */
  dMinSeries: number[] = [];
  private readonly hipCurve = new CurveBuffer(HIP, 2);

  constructor(
    private readonly stage: Walk3DStage<ClipPlayer>,
    public rule: SupportRule,
    factor: number,
  ) {
    this.def = legsOf(stage);
    this.analyse(factor);
  }

  /** Reads the clip again with this factor (and the rule as it is now). */
  analyse(factor: number): void {
    const { stage } = this;
    const player = stage.walker;
    const analysis = analyseWalk(this.def, stage.rig.walkWithTravel, 'walk', factor, this.rule);
    this.analysis = analysis;
    this.dMinSeries = Array.from({ length: analysis.frames }, () => analysis.dMin);
    player.floor = analysis.floorOffset;
    player.update(0);
    // The camera on the middle of the cycle's path (for the course's walk: y = 3.7).
    const h = analysis.hip;
    player.middle[0] = (h.coord(0, 0) + h.coord(h.length - 1, 0)) / 2;
    player.middle[1] = (h.coord(0, 1) + h.coord(h.length - 1, 1)) / 2;
    const curves = stage.view.curves;
    curves.length = 0;
    curves.push(...this.pieces(), this.hipCurve.fromLIC(analysis.hip));
    const [l, r] = analysis.feet;
    this.own = [l.own, r.own];
  }

  /** A new rig: its legs found, and read with the same factor. */
  useRig(): void {
    this.def = legsOf(this.stage);
    this.analyse(this.analysis.factor);
  }

  /** Each foot's stances and steps that overlap one cycle, as curves. */
  private pieces(): CurveBuffer[] {
    const a = this.analysis;
    const out: CurveBuffer[] = [];
    for (const foot of a.feet)
      for (const s of foot.subs) {
        if (s.curve.endTime <= 0 || s.curve.startTime >= a.duration) continue;
        const stance = s.kind === 'static';
        out.push(new CurveBuffer(stance ? STANCE : STEP, stance ? 5 : 3).fromLIC(s.curve, 0.02));
      }
    return out;
  }
}

/** The stage's rig's legs (its kind refuses a rig without them). */
const legsOf = (stage: Walk3DStage<ClipPlayer>) =>
  findLegs(stage.rig.skeleton, stage.rig.scale) as IKRigDef;
