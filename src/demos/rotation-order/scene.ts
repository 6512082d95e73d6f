import { toRadians } from '../../math/angles.ts';
import { angleBetweenRotations, fromAxisAngle, mulQuat, quat, type Quat } from '../../math/quat.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { ParamValues } from '../params.ts';
import type { rotationOrderMeta } from './meta.ts';

type Settings = ParamValues<typeof rotationOrderMeta.params>;

/** The world's axes by name, as the settings name them. */
export const AXES: Readonly<Record<string, readonly [number, number, number]>> = {
  x: [1, 0, 0],
  y: [0, 1, 0],
  z: [0, 0, 1],
};

const axisOf = (name: string) => AXES[name] ?? AXES.x!;

/** The two books' centres (scene units): left A then B, right B then A. */
export const PANEL_X = 95;
export const BOOK_Y = 18;

/** One turn: an angle (radians) about one of the world's axes. */
export interface Turn {
  axis: string;
  angle: number;
}

/**
 * The rotation `turned` of the way through `first` then `second` (0: none, 1: first done,
 * 2: both), each turn about a world axis and partway by a share of its angle: first turned
 * fully, then second·first (world axes: the later turn multiplies on the left).
 */
export function turnedSoFar(
  out: Quat,
  first: Turn,
  second: Turn,
  turned: number,
  scratch: Quat = quat(),
): Quat {
  const t = Math.min(2, Math.max(0, turned));
  fromAxisAngle(out, axisOf(first.axis), first.angle * Math.min(1, t));
  if (t <= 1) return out;
  fromAxisAngle(scratch, axisOf(second.axis), second.angle * (t - 1));
  return mulQuat(out, scratch, out);
}

/**
 * Lesson 11's two sequences: A then B (q = q_B·q_A) on the left, B then A (q′ = q_A·q_B) on
 * the right, with both turns done (`q`, `qPrime`) and as far as *Turned so far* says
 * (`left`, `right`: what the books show). `refresh` works them out again only when a setting
 * changed, and says whether it did.
 */
export class RotationOrderScene {
  /**
   * The figure draws on the overlay; the tree holds a marker where each book stands, named for
   * its order, so the scene panel lists the two sides.
   */
  readonly root = new Node2D('World');
  readonly a: Turn;
  readonly b: Turn;
  turned: number;
  readonly qA = quat();
  readonly qB = quat();
  readonly q = quat();
  readonly qPrime = quat();
  readonly left = quat();
  readonly right = quat();
  private readonly scratch = quat();
  private dirty = true;

  constructor(s: Settings) {
    this.a = { axis: s.axisA, angle: toRadians(s.angleA) };
    this.b = { axis: s.axisB, angle: toRadians(s.angleB) };
    this.turned = s.turned;
    for (const [name, x] of [
      ['A then B', -PANEL_X],
      ['B then A', PANEL_X],
    ] as const)
      this.root.addChild(new Node2D(name)).position = { x, y: BOOK_Y };
  }

  /** Sets one turn's axis and angle (radians). */
  set(turn: Turn, axis: string, angle: number): void {
    turn.axis = axis;
    turn.angle = angle;
    this.dirty = true;
  }

  /** Marks the rotations out of date (a setting changed). */
  touch(): void {
    this.dirty = true;
  }

  refresh(): boolean {
    if (!this.dirty) return false;
    this.dirty = false;
    const { a, b } = this;
    fromAxisAngle(this.qA, axisOf(a.axis), a.angle);
    fromAxisAngle(this.qB, axisOf(b.axis), b.angle);
    mulQuat(this.q, this.qB, this.qA);
    mulQuat(this.qPrime, this.qA, this.qB);
    turnedSoFar(this.left, a, b, this.turned, this.scratch);
    turnedSoFar(this.right, b, a, this.turned, this.scratch);
    return true;
  }

  /** How far apart the two books are now, as the angle of the turn between them (radians). */
  gapNow(): number {
    return angleBetweenRotations(this.left, this.right);
  }
}
