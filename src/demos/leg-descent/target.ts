import { newMark } from '../../render/raster/walk3d-view.ts';
import type { LegPoser } from '../shared/leg-poser.ts';
import { STAGE_WORLD } from '../shared/walk3d-fragments.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';

/** Centimetres a press of an arrow key moves the target. */
const MOVE = 2;
const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, MOVE],
  ArrowDown: [0, -MOVE],
  ArrowLeft: [-MOVE, 0],
  ArrowRight: [MOVE, 0],
};

/**
 * The foot's target on the picture (a red cross, and a line from the foot to it), and the ways
 * to move it: a drag in the side view's plane, or the arrow keys, 2 cm a press.
 */
export class FootTarget {
  private readonly mark = newMark('#d03030', 0);
  /** The cross's two strokes. */
  private readonly a = newMark('#d03030', 1);
  private readonly b = newMark('#d03030', 1);
  private readonly world = new Float64Array(3);

  constructor(private readonly stage: Walk3DStage<LegPoser>) {}

  /** The target in world space (read after `draw`, or after `dragTo`). */
  get at(): Float64Array {
    return this.world;
  }

  /** The cross at the target, the line from the foot `ee` (world space) to it. */
  draw(ee: Float64Array): void {
    const l = this.stage.walker;
    const w = l.toWorld(l.target, this.world);
    this.mark.from.set(ee);
    this.mark.to.set(w);
    this.mark.text = '';
    const d = 0.25;
    const { a, b } = this;
    a.from.set([w[0]!, w[1]! - d, w[2]! - d]);
    a.to.set([w[0]!, w[1]! + d, w[2]! + d]);
    b.from.set([w[0]!, w[1]! - d, w[2]! + d]);
    b.to.set([w[0]!, w[1]! + d, w[2]! - d]);
    const marks = this.stage.view.marks;
    marks.length = 0;
    marks.push(this.mark, a, b);
  }

  /** The figure's pointer in the side view's plane (x fixed at the foot's), as the target. */
  dragTo(px: number, py: number): void {
    const c = this.stage.view.camera;
    const aspect = STAGE_WORLD.width / STAGE_WORLD.height;
    c.update(aspect);
    const h = c.viewHeight;
    const l = this.stage.walker;
    const w = l.toWorld(l.target, this.world);
    w[1] = c.target[1]! + (px / STAGE_WORLD.width - 0.5) * h * aspect;
    w[2] = c.target[2]! - (py / STAGE_WORLD.height - 0.5) * h;
    l.toModel(w, l.target);
  }

  /** An arrow key: the target moved 2 cm forward, back, up or down (false for any other key). */
  key(key: string): boolean {
    const a = ARROWS[key];
    if (!a) return false;
    const t = this.stage.walker.target;
    t[1] = t[1]! + a[0];
    t[2] = t[2]! + a[1];
    return true;
  }
}
