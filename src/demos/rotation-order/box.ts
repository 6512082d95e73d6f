import { rotateVec } from '../../math/quat.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter, Paint } from '../../render/overlay-painter.ts';

/**
 * A book seen from a fixed 3/4 view, drawn with the 2D overlay: its corners turned by a
 * quaternion, projected orthographically, the faces turned away culled and the rest painted
 * far to near (the painter's algorithm). World axes: z up, as in the walking lessons.
 */

/** The camera: turned 30° about z from +x, looking 25° down. */
const YAW = (30 * Math.PI) / 180;
const PITCH = (25 * Math.PI) / 180;
/** Towards the viewer, screen right and screen up, in world coordinates. */
export const VIEW_DIR = [
  Math.cos(PITCH) * Math.cos(YAW),
  Math.cos(PITCH) * Math.sin(YAW),
  Math.sin(PITCH),
] as const;
const RIGHT = [-Math.sin(YAW), Math.cos(YAW), 0] as const;
const UP = [-Math.sin(PITCH) * Math.cos(YAW), -Math.sin(PITCH) * Math.sin(YAW), Math.cos(PITCH)];

/** Half the book's size along its own x, y, z: 3 × 2 × 0.6. */
export const HALF = [1.5, 1, 0.3] as const;

/**
 * Writes where world point v lands on screen, `scale` scene units per unit around `centre`
 * (scene y grows downwards), and returns its depth (larger: nearer the viewer).
 */
export function project(out: Vec2, v: ArrayLike<number>, centre: Vec2, scale: number): number {
  const x = v[0]!;
  const y = v[1]!;
  const z = v[2]!;
  out.x = centre.x + scale * (x * RIGHT[0] + y * RIGHT[1] + z * RIGHT[2]);
  out.y = centre.y - scale * (x * UP[0]! + y * UP[1]! + z * UP[2]!);
  return x * VIEW_DIR[0] + y * VIEW_DIR[1] + z * VIEW_DIR[2];
}

/** Each face: its outward normal (own axes) and its corners, corner i at ±HALF by bits 1, 2, 4. */
const FACES = [
  { normal: [1, 0, 0], corners: [1, 3, 7, 5], fill: 'bone' },
  { normal: [-1, 0, 0], corners: [0, 4, 6, 2], fill: 'bone' },
  { normal: [0, 1, 0], corners: [2, 6, 7, 3], fill: 'marker' },
  { normal: [0, -1, 0], corners: [0, 1, 5, 4], fill: 'marker' },
  // The cover, marked with an arrow along the book's own +x.
  { normal: [0, 0, 1], corners: [4, 5, 7, 6], fill: 'highlight' },
  { normal: [0, 0, -1], corners: [0, 2, 3, 1], fill: 'focus' },
] as const satisfies readonly { normal: number[]; corners: number[]; fill: Paint }[];
const COVER = 4;
/** The cover's arrow in the book's own x, y, on the plane z = HALF z. */
const ARROW = [
  [-1.05, -0.14],
  [0.35, -0.14],
  [0.35, -0.45],
  [1.1, 0],
  [0.35, 0.45],
  [0.35, 0.14],
  [-1.05, 0.14],
] as const;

/** The reusable buffers of one box: nothing is allocated per frame. */
export class BoxPainter {
  private readonly v = new Float64Array(3);
  private readonly corners: Vec2[] = Array.from({ length: 8 }, () => ({ x: 0, y: 0 }));
  private readonly depth = new Float64Array(8);
  private readonly faces: Vec2[][] = FACES.map((f) => f.corners.map((c) => this.corners[c]!));
  private readonly faceDepth = new Float64Array(FACES.length);
  private readonly order: number[] = [];
  private readonly arrow: Vec2[] = ARROW.map(() => ({ x: 0, y: 0 }));

  /** The book turned by q, centred at `centre`, `scale` scene units to the book's unit. */
  draw(p: OverlayPainter, q: ArrayLike<number>, centre: Vec2, scale: number): void {
    const { v } = this;
    for (let i = 0; i < 8; i++) {
      v[0] = i & 1 ? HALF[0] : -HALF[0];
      v[1] = i & 2 ? HALF[1] : -HALF[1];
      v[2] = i & 4 ? HALF[2] : -HALF[2];
      rotateVec(v, q, v);
      this.depth[i] = project(this.corners[i]!, v, centre, scale);
    }
    this.sortVisible(q);
    for (const f of this.order) {
      p.polygon(this.faces[f]!, {
        fill: FACES[f]!.fill,
        fillAlpha: 1,
        color: 'boneOutline',
        width: 1.5,
      });
      if (f === COVER) this.drawArrow(p, q, centre, scale);
    }
  }

  /** The faces that look towards the viewer, far to near. */
  private sortVisible(q: ArrayLike<number>): void {
    const { v, order } = this;
    order.length = 0;
    for (let f = 0; f < FACES.length; f++) {
      const face = FACES[f]!;
      rotateVec(v, q, face.normal);
      if (v[0]! * VIEW_DIR[0] + v[1]! * VIEW_DIR[1] + v[2]! * VIEW_DIR[2] <= 1e-9) continue;
      const c = face.corners;
      this.faceDepth[f] =
        this.depth[c[0]]! + this.depth[c[1]]! + this.depth[c[2]]! + this.depth[c[3]]!;
      // Insertion by depth: at most three faces show.
      let k = order.length;
      order.push(f);
      while (k > 0 && this.faceDepth[order[k - 1]!]! > this.faceDepth[f]!) {
        order[k] = order[k - 1]!;
        k--;
      }
      order[k] = f;
    }
  }

  private drawArrow(p: OverlayPainter, q: ArrayLike<number>, centre: Vec2, scale: number): void {
    const { v } = this;
    for (let i = 0; i < ARROW.length; i++) {
      v[0] = ARROW[i]![0];
      v[1] = ARROW[i]![1];
      v[2] = HALF[2];
      rotateVec(v, q, v);
      project(this.arrow[i]!, v, centre, scale);
    }
    p.polygon(this.arrow, { fill: 'boneOutline', fillAlpha: 1, stroke: false });
  }
}

const UNIT = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
] as const;

/**
 * The world's axes, drawn small at `at` (x red, y green, z blue) with their names at the tips,
 * so the turns' axes can be read off the picture.
 */
export function drawWorldAxes(
  p: OverlayPainter,
  at: Vec2,
  length: number,
  names: readonly [string, string, string],
  tip: Vec2,
  axisColors: readonly [Paint, Paint, Paint],
): void {
  for (let k = 0; k < 3; k++) {
    project(tip, UNIT[k]!, at, length);
    p.line(at, tip, { color: axisColors[k], width: 2.5 });
    // The name just beyond the tip, along the axis: about 8 × 16 px a letter.
    const dx = tip.x - at.x;
    const dy = tip.y - at.y;
    const l = Math.hypot(dx, dy) || 1;
    p.text(names[k]!, tip, {
      color: axisColors[k],
      offsetPx: { x: (10 * dx) / l - 4, y: (10 * dy) / l - 8 },
    });
  }
}
