import { fromAxisAngle } from '../../math/quat.ts';
import type { Walker } from '../../walk3d/walker.ts';

const UNIT: Record<string, [number, number, number]> = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };

/**
 * One joint turned by hand on top of the clip: about one of its own axes, by an angle in
 * degrees. The joint is marked in the picture, unless the scene panel marks one itself.
 */
export class HandTurn {
  /** The scene panel has a joint hovered or selected: it marks that one instead. */
  panelHighlight = false;

  constructor(
    private readonly walker: Walker,
    private readonly markJoint: (i: number) => void,
    public joint: string,
    public axis: string,
    public angle: number,
  ) {}

  /** The joint's index in the skeleton (−1 if it has none of that name). */
  get index(): number {
    return this.walker.skeleton.indexOf(this.joint);
  }

  /** Puts the turn on the walker's pose (none at 0°), and marks the joint. */
  apply(): void {
    const w = this.walker;
    w.extra.clear();
    const i = this.index;
    if (i >= 0 && this.angle !== 0)
      w.extra.set(
        i,
        fromAxisAngle(new Float64Array(4), UNIT[this.axis]!, (this.angle * Math.PI) / 180),
      );
    if (!this.panelHighlight) this.markJoint(i);
    w.settle();
  }
}
