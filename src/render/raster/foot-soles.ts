import { jointSide, type Skeleton } from '../../walk3d/skeleton.ts';
import { rgba, shade } from './raster-target.ts';
import { normalLight } from './software-renderer.ts';
import { AROUND, bindPositions, QUADS, type SoleFoot, soleQuads } from './sole-shape.ts';

export type { SoleFoot } from './sole-shape.ts';

const LEFT = rgba(232, 138, 80);
const RIGHT = rgba(92, 140, 222);
const MIDDLE = rgba(222, 206, 170);
/** The sole's own colour: a dark strip along the bottom, so a side view shows where it is flat. */
const SOLE = rgba(58, 52, 48);

/** Which sides of a section (corner i to i + 1) are the sole's dark strip. */
const DARK_SIDE = [true, true, false, false, false, true];

/**
 * Feet drawn as feet: under each ankle a sole that is flat underneath, pointing along the foot,
 * tapered from the ball to the heel and the toe tip, with a dark strip along its bottom edge.
 * Its back part rides on the ankle joint and its front part on the toe joint (each vertex fixed
 * in its joint's frame, placed by the joint's world matrix every frame), so the heel lifts and
 * the toes bend as the clip moves them, and a student sees whether the sole is flat on the
 * ground, heel first or toe first. Built from the bind pose: the sole is level there, at the
 * toe joint's height. A foot without a toe joint keeps its capsules (`feet` leaves it out).
 */
export class FootSoles {
  readonly feet: SoleFoot[] = [];
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
  readonly faceColors: Uint32Array;
  readonly vertexColors: Uint32Array;
  /**
   * Per foot, after `update`: the middle of its sole (x, y), the sole's lowest point (z) and
   * its length heel to tip, for its contact shadow.
   */
  readonly soles: Float64Array;
  /** Each vertex in its joint's bind frame (x, y, z), and that joint. */
  private readonly local: Float64Array;
  private readonly joint: Int32Array;
  /** Each quad's base colour. */
  private readonly base: Uint32Array;

  constructor(
    readonly skeleton: Skeleton,
    ankles: readonly number[],
  ) {
    const bind = bindPositions(skeleton);
    const shapes: { foot: SoleFoot; quads: Float64Array; joints: number[] }[] = [];
    for (const ankle of ankles) {
      const foot = soleFoot(skeleton, ankle);
      const other = ankles.find((a) => a !== ankle) ?? -1;
      const quads = foot && soleQuads(skeleton, bind, foot, other);
      if (!foot || !quads) continue;
      this.feet.push(foot);
      shapes.push({ foot, quads, joints: [foot.ankle, foot.ankle, foot.toe] });
    }
    const n = shapes.length;
    this.positions = new Float32Array(n * QUADS * 4 * 3);
    this.local = new Float64Array(n * QUADS * 4 * 3);
    this.joint = new Int32Array(n * QUADS * 4);
    this.vertexColors = new Uint32Array(n * QUADS * 4);
    this.indices = new Uint32Array(n * QUADS * 6);
    this.faceColors = new Uint32Array(n * QUADS * 2);
    this.base = new Uint32Array(n * QUADS);
    this.soles = new Float64Array(4 * n);
    shapes.forEach(({ foot, quads, joints }, f) => {
      const color = foot.side === 'left' ? LEFT : foot.side === 'right' ? RIGHT : MIDDLE;
      for (let q = 0; q < QUADS; q++) {
        const Q = f * QUADS + q;
        // Segment quads (three, AROUND each), then the caps: the heel's strip and upper part,
        // the tip's strip and upper part.
        const segment = q < 3 * AROUND ? Math.floor(q / AROUND) : q < 3 * AROUND + 2 ? 0 : 2;
        const j = joints[segment]!;
        const dark = q < 3 * AROUND ? DARK_SIDE[q % AROUND]! : q % 2 === 0;
        this.base[Q] = dark ? SOLE : color;
        this.faceColors[2 * Q] = this.faceColors[2 * Q + 1] = this.base[Q]!;
        for (let c = 0; c < 4; c++) {
          const v = 4 * Q + c;
          this.joint[v] = j;
          for (let d = 0; d < 3; d++)
            this.local[3 * v + d] = quads[12 * q + 3 * c + d]! - bind[3 * j + d]!;
        }
        const o = 4 * Q;
        this.indices.set([o, o + 1, o + 2, o, o + 2, o + 3], 6 * Q);
      }
    });
  }

  /** Whether the bone from joint `parent` to `child` is part of a sole (not drawn as a capsule). */
  replaces(parent: number, child: number): boolean {
    return this.feet.some(
      (f) => (parent === f.ankle && child === f.toe) || (parent === f.toe && child === f.tip),
    );
  }

  /** Places every sole from joint world matrices (16 numbers a joint, column-major). */
  update(matrices: Float64Array): void {
    const P = this.positions;
    const L = this.local;
    for (let v = 0; v < this.joint.length; v++) {
      const m = 16 * this.joint[v]!;
      const x = L[3 * v]!;
      const y = L[3 * v + 1]!;
      const z = L[3 * v + 2]!;
      P[3 * v] = matrices[m]! * x + matrices[m + 4]! * y + matrices[m + 8]! * z + matrices[m + 12]!;
      P[3 * v + 1] =
        matrices[m + 1]! * x + matrices[m + 5]! * y + matrices[m + 9]! * z + matrices[m + 13]!;
      P[3 * v + 2] =
        matrices[m + 2]! * x + matrices[m + 6]! * y + matrices[m + 10]! * z + matrices[m + 14]!;
    }
    for (let Q = 0; Q < this.base.length; Q++) this.light(Q);
    for (let f = 0; f < this.feet.length; f++) this.measure(f);
  }

  /**
   * How far foot f's sole is above `ground` where it is nearest it (negative: in it), over the
   * corners of its bottom face; after `update`.
   */
  lift(f: number, ground: (x: number, y: number) => number): number {
    const P = this.positions;
    let lift = Infinity;
    for (let s = 0; s < 3; s++) {
      const a = 12 * (f * QUADS + s * AROUND);
      for (let c = 0; c < 4; c++) {
        const g = ground(P[a + 3 * c]!, P[a + 3 * c + 1]!);
        if (Number.isFinite(g)) lift = Math.min(lift, P[a + 3 * c + 2]! - g);
      }
    }
    return lift;
  }

  /** Quad Q's colour lit by its own normal (the same at its four corners: a flat face). */
  private light(Q: number): void {
    const P = this.positions;
    const a = 12 * Q;
    // The diagonals' cross product: the normal of a quad that need not be planar.
    const ux = P[a + 6]! - P[a]!;
    const uy = P[a + 7]! - P[a + 1]!;
    const uz = P[a + 8]! - P[a + 2]!;
    const vx = P[a + 9]! - P[a + 3]!;
    const vy = P[a + 10]! - P[a + 4]!;
    const vz = P[a + 11]! - P[a + 5]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const l = Math.hypot(nx, ny, nz) || 1;
    const c = shade(this.base[Q]!, normalLight(nx / l, ny / l, nz / l));
    this.vertexColors.fill(c, 4 * Q, 4 * Q + 4);
  }

  /** Foot f's sole: the middle and lowest of its bottom corners (each quad's first two on the bottom side). */
  private measure(f: number): void {
    const P = this.positions;
    let x = 0;
    let y = 0;
    let low = Infinity;
    // The bottom quads of the three segments: corners 0 and 1 at one section, 2 and 3 at the next.
    for (let s = 0; s < 3; s++) {
      const a = 12 * (f * QUADS + s * AROUND);
      for (let c = 0; c < 4; c++) {
        x += P[a + 3 * c]!;
        y += P[a + 3 * c + 1]!;
        low = Math.min(low, P[a + 3 * c + 2]!);
      }
    }
    this.soles[4 * f] = x / 12;
    this.soles[4 * f + 1] = y / 12;
    this.soles[4 * f + 2] = low;
    // Heel (the first segment's first corner) to tip (the last segment's third).
    const heel = 12 * f * QUADS;
    const tip = 12 * (f * QUADS + 2 * AROUND) + 6;
    this.soles[4 * f + 3] = Math.hypot(
      P[tip]! - P[heel]!,
      P[tip + 1]! - P[heel + 1]!,
      P[tip + 2]! - P[heel + 2]!,
    );
  }
}

/** A foot's ankle, toe and tip, or null when the ankle has no toe joint below it. */
function soleFoot(skeleton: Skeleton, ankle: number): SoleFoot | null {
  const kids = skeleton.children(ankle);
  const toe = kids.find((j) => !skeleton.joints[j]!.end) ?? -1;
  if (toe < 0) return null;
  const tip = skeleton.children(toe)[0] ?? -1;
  return { ankle, toe, tip, side: jointSide(skeleton.joints[ankle]!.name) };
}
