import { toDegrees } from '../../math/angles.ts';
import { dotQuat, rotationMatrixInto } from '../../math/quat.ts';
import { cross3, vec3 } from '../../math/vec3.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num } from '../shared/format.ts';
import type { rotationOrderFigure } from './description.ts';
import type { RotationOrderScene } from './scene.ts';

type Ui = FigureUi<typeof rotationOrderFigure>;

/** Below this angle (radians) apart, the two boxes count as turned the same way. */
export const SAME_ANGLE = 1e-6;

/** A number for TeX: at most three decimals, trailing zeros dropped, never "−0". */
export const short = (n: number): string => String(Number(num(n, 3)));

/** Degrees apart, with one decimal from 1° up and two significant digits below. */
export function degreesApart(radians: number): string {
  const d = toDegrees(radians);
  return d >= 1 ? num(d, 1) : String(Number(d.toPrecision(2)));
}

const texQuat = (q: ArrayLike<number>) =>
  `(${short(q[0]!)}, ${short(q[1]!)}, ${short(q[2]!)}, ${short(q[3]!)})`;

/**
 * Whether two rotations agree: 'sameYes' (q′ = q), 'sameNegated' (q′ = −q: the same turn), or
 * 'sameNo' with the angle of the turn between them.
 */
export function sameRotation(
  q: ArrayLike<number>,
  qPrime: ArrayLike<number>,
  apart: number,
): 'sameYes' | 'sameNegated' | 'sameNo' {
  if (apart > SAME_ANGLE) return 'sameNo';
  return dotQuat(q, qPrime) >= 0 ? 'sameYes' : 'sameNegated';
}

/**
 * The figure's readouts (the two books' quaternions as turned so far, and whether they agree)
 * and formulas (both turns done: q_B q_A with its numbers, its cross term, and R of q).
 */
export class RotationOrderReadouts {
  private readonly r = new Float64Array(9);
  private readonly cross = vec3();

  constructor(private readonly ui: Ui) {}

  show(scene: RotationOrderScene): void {
    const { ui } = this;
    ui.readout('q-ab').set(this.quat(scene.left));
    ui.readout('q-ba').set(this.quat(scene.right));
    const apart = scene.gapNow();
    const same = sameRotation(scene.left, scene.right, apart);
    ui.readout('same').set(ui.say(same, { angle: degreesApart(apart) }));
    this.showFormulas(scene);
  }

  private quat(q: ArrayLike<number>): string {
    const f = (v: number) => num(v, 3);
    return this.ui.say('quat', { x: f(q[0]!), y: f(q[1]!), z: f(q[2]!), w: f(q[3]!) });
  }

  private showFormulas(scene: RotationOrderScene): void {
    const { ui, r, cross } = this;
    ui.formula('product').set(
      `q_B\\,q_A = ${texQuat(scene.qB)}\\,${texQuat(scene.qA)} = ${texQuat(scene.q)}`,
    );
    cross3(cross, scene.qB, scene.qA);
    ui.formula('cross').set(
      `v_B \\times v_A = (${short(cross[0]!)}, ${short(cross[1]!)}, ${short(cross[2]!)}) = -\\,v_A \\times v_B,\\quad q_A\\,q_B = ${texQuat(scene.qPrime)}`,
    );
    rotationMatrixInto(r, scene.q);
    const row = (i: number) =>
      `${short(r[3 * i]!)} & ${short(r[3 * i + 1]!)} & ${short(r[3 * i + 2]!)}`;
    ui.formula('matrix').set(
      `R(q) = \\begin{bmatrix} ${row(0)} \\\\ ${row(1)} \\\\ ${row(2)} \\end{bmatrix}`,
    );
  }
}
