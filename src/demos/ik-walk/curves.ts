import { rgba } from '../../render/raster/raster-target.ts';
import type { IKWalker } from '../../walk3d/ik-walker.ts';
import { CurveBuffer } from '../shared/curve-buffer.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';

/** The seed's debug colours (§9.4): targets red, real paths yellow, the hips' target green. */
const RED = rgba(225, 40, 40);
const YELLOW = rgba(235, 190, 20);
const GREEN = rgba(40, 170, 70);

/**
 * The main walker's plan on the picture: each foot's target curve (red) and real path (yellow),
 * and the hips' target (green), from whichever clip weighs more (the walk or the idle).
 */
export class PlanCurves {
  private readonly feet = [0, 1].map(() => ({
    target: new CurveBuffer(RED, 3),
    real: new CurveBuffer(YELLOW, 3),
  }));
  private readonly hip = new CurveBuffer(GREEN, 3);

  constructor(public show: { targets: boolean; real: boolean; hip: boolean }) {}

  refresh(stage: Walk3DStage<IKWalker>): void {
    const w = stage.walker;
    const a = w.weight >= 0.5 ? w.walk : w.idle;
    const curves = stage.view.curves;
    curves.length = 0;
    this.feet.forEach((c, k) => {
      if (this.show.targets) curves.push(c.target.fromLIC(a.eeTarget[k] ?? null));
      if (this.show.real) curves.push(c.real.fromLIC(a.eeHistory[k]!));
    });
    if (this.show.hip) curves.push(this.hip.fromLIC(a.hipTarget));
  }
}
