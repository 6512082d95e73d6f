import { jointSide, type Skeleton } from '../../walk3d/skeleton.ts';
import { rgba, shade } from './raster-target.ts';
import { normalLight } from './software-renderer.ts';

/** Limb colours: the character's left side warmer, so a side view tells the legs apart. */
const LEFT = rgba(232, 138, 80);
const RIGHT = rgba(92, 140, 222);
const MIDDLE = rgba(222, 206, 170);
/** The head's radius as a share of its bone (Head to Head_End): a head about as wide as tall. */
const HEAD_SHARE = 0.42;
/**
 * Vertices round each ring, and the rings' latitudes on a cap (0 the pole, π/2 the rim). A limb
 * has 8 round, a pole and a rim: its cap is a low cone, lit as a dome by its normals, and at a
 * joint it is mostly inside the next limb. The head, a ball seen whole, has 12 round and two
 * rings between. Triangles are the renderer's cost per body (a crowd draws twenty): 32 a limb,
 * 144 the head.
 */
const LIMB = shape([0, Math.PI / 2], 8);
const HEAD = shape([0, Math.PI / 6, Math.PI / 3, Math.PI / 2], 12);

/**
 * A capsule's tessellation: its caps' ring latitudes (and their cosines and sines), the
 * vertices round each ring (and their angles' cosines and sines), and its counts.
 */
interface Shape {
  cap: number[];
  capCos: Float64Array;
  capSin: Float64Array;
  around: number;
  cos: Float64Array;
  sin: Float64Array;
  vertices: number;
  triangles: number;
}
function shape(cap: number[], around: number): Shape {
  const angle = (k: number) => (2 * Math.PI * k) / around;
  return {
    cap,
    capCos: Float64Array.from(cap, Math.cos),
    capSin: Float64Array.from(cap, Math.sin),
    around,
    cos: Float64Array.from({ length: around }, (_, k) => Math.cos(angle(k))),
    sin: Float64Array.from({ length: around }, (_, k) => Math.sin(angle(k))),
    vertices: (2 * cap.length - 2) * around + 2,
    triangles: 2 * around * (2 * cap.length - 2),
  };
}

/**
 * A skeleton drawn as capsules along its bones (a cylinder joint to joint, with a half-sphere
 * over each joint, so limbs meet in rounded joints), and its head as a ball. Rebuilt from world
 * matrices each frame into fixed buffers, with each vertex's colour lit by the capsule's own
 * normal there (for smooth shading) and each triangle's base colour (for flat and per-face).
 * Faces wind counter-clockwise seen from outside, so the renderer can cull their backs.
 */
export class SkeletonCapsules {
  readonly bones: [number, number][] = [];
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
  readonly faceColors: Uint32Array;
  readonly vertexColors: Uint32Array;
  /** Each vertex's unit normal (x, y, z), for the light and for tests. */
  readonly normals: Float32Array;
  /**
   * Per bone: its base colour, its radius as a share of its length if it is the head, its cap
   * latitudes, and its first vertex.
   */
  private readonly colors: Uint32Array;
  private readonly share: Float32Array;
  private readonly shapes: Shape[];
  private readonly first: Int32Array;
  /** Radius as a share of the bone's length, and its least and most (world units). */
  thickness = 0.13;
  minRadius = 0.08;
  maxRadius = 0.5;

  constructor(
    readonly skeleton: Skeleton,
    /** Bones drawn otherwise (a foot's sole: FootSoles), left out of the capsules. */
    leaveOut: (parent: number, child: number) => boolean = () => false,
  ) {
    skeleton.joints.forEach((j, i) => {
      if (j.parent >= 0 && !leaveOut(j.parent, i)) this.bones.push([j.parent, i]);
    });
    const n = this.bones.length;
    // A bone from a joint named …Head to its end is drawn as the head.
    this.share = Float32Array.from(this.bones, ([p, c]) =>
      /head/i.test(skeleton.joints[p]!.name) && skeleton.joints[c]!.end ? HEAD_SHARE : 0,
    );
    this.colors = Uint32Array.from(this.bones, ([, c]) => {
      const side = jointSide(skeleton.joints[c]!.name);
      return side === 'left' ? LEFT : side === 'right' ? RIGHT : MIDDLE;
    });
    this.shapes = Array.from(this.share, (head) => (head ? HEAD : LIMB));
    this.first = new Int32Array(n + 1);
    let triangles = 0;
    for (let b = 0; b < n; b++) {
      this.first[b + 1] = this.first[b]! + this.shapes[b]!.vertices;
      triangles += this.shapes[b]!.triangles;
    }
    const vertices = this.first[n]!;
    this.positions = new Float32Array(vertices * 3);
    this.normals = new Float32Array(vertices * 3);
    this.vertexColors = new Uint32Array(vertices);
    this.indices = new Uint32Array(triangles * 3);
    this.faceColors = new Uint32Array(triangles);
    let t = 0;
    for (let b = 0; b < n; b++) {
      const count = this.shapes[b]!.triangles;
      writeCapsuleIndices(this.indices, 3 * t, this.first[b]!, this.shapes[b]!);
      this.faceColors.fill(this.colors[b]!, t, t + count);
      t += count;
    }
  }

  /** Places every capsule from joint world matrices (16 numbers a joint, column-major). */
  update(matrices: Float64Array): void {
    const bones = this.bones;
    for (let b = 0; b < bones.length; b++) {
      const bone = bones[b]!;
      const p = bone[0];
      const c = bone[1];
      let ax = matrices[16 * p + 12]!;
      let ay = matrices[16 * p + 13]!;
      let az = matrices[16 * p + 14]!;
      let bx = matrices[16 * c + 12]!;
      let by = matrices[16 * c + 13]!;
      let bz = matrices[16 * c + 14]!;
      let ux = bx - ax;
      let uy = by - ay;
      let uz = bz - az;
      const len = Math.hypot(ux, uy, uz);
      if (len > 1e-9) {
        ux /= len;
        uy /= len;
        uz /= len;
      } else {
        ux = 0;
        uy = 0;
        uz = 1;
      }
      const head = this.share[b]!;
      let r = Math.min(this.maxRadius, Math.max(this.minRadius, len * this.thickness));
      if (head) {
        // The head's caps stay inside its bone: a ball from the neck to the crown.
        r = len * head;
        const pull = Math.min(r, len / 2);
        ax += ux * pull;
        ay += uy * pull;
        az += uz * pull;
        bx -= ux * pull;
        by -= uy * pull;
        bz -= uz * pull;
      }
      // Two directions across the bone: v from a helper axis not along it, w = u × v.
      const hx = Math.abs(uz) < 0.9 ? 0 : 1;
      const hz = Math.abs(uz) < 0.9 ? 1 : 0;
      let vx = hz * uy;
      let vy = hz * -ux + hx * uz;
      let vz = -hx * uy;
      const vl = Math.hypot(vx, vy, vz) || 1;
      vx /= vl;
      vy /= vl;
      vz /= vl;
      const wx = uy * vz - uz * vy;
      const wy = uz * vx - ux * vz;
      const wz = ux * vy - uy * vx;
      const base = this.colors[b]!;
      const sh = this.shapes[b]!;
      const cap = sh.cap;
      const rings = 2 * cap.length;
      let o = this.first[b]!;
      for (let ring = 0; ring < rings; ring++) {
        const end = ring >= cap.length;
        // Latitude from this ring's own pole; the end cap counts down from its rim.
        const l = end ? rings - 1 - ring : ring;
        const along = sh.capCos[l]! * (end ? 1 : -1);
        const across = sh.capSin[l]!;
        const cx = end ? bx : ax;
        const cy = end ? by : ay;
        const cz = end ? bz : az;
        const count = l === 0 ? 1 : sh.around;
        for (let k = 0; k < count; k++) {
          const ct = sh.cos[k]! * across;
          const st = sh.sin[k]! * across;
          // The normal: along the bone at a pole, straight out at the rim.
          const nx = ux * along + vx * ct + wx * st;
          const ny = uy * along + vy * ct + wy * st;
          const nz = uz * along + vz * ct + wz * st;
          this.positions[3 * o] = cx + r * nx;
          this.positions[3 * o + 1] = cy + r * ny;
          this.positions[3 * o + 2] = cz + r * nz;
          this.normals[3 * o] = nx;
          this.normals[3 * o + 1] = ny;
          this.normals[3 * o + 2] = nz;
          this.vertexColors[o] = shade(base, normalLight(nx, ny, nz));
          o++;
        }
      }
    }
  }
}

/**
 * One capsule's triangles, its vertices from `first`: the start pole, then the shape's rings of
 * `around` vertices (start cap to end cap), then the end pole. Counter-clockwise seen from
 * outside: going round a ring by increasing angle turns counter-clockwise about the bone (v then
 * w = u × v).
 */
function writeCapsuleIndices(out: Uint32Array, at: number, first: number, sh: Shape): void {
  const RINGS = 2 * sh.cap.length;
  const AROUND = sh.around;
  const ringStart = (ring: number) => first + 1 + (ring - 1) * AROUND;
  const last = first + (RINGS - 2) * AROUND + 1;
  let o = at;
  const tri = (a: number, b: number, c: number) => {
    out[o++] = a;
    out[o++] = b;
    out[o++] = c;
  };
  for (let k = 0; k < AROUND; k++) {
    const k1 = (k + 1) % AROUND;
    tri(first, ringStart(1) + k1, ringStart(1) + k);
    for (let ring = 1; ring + 1 < RINGS - 1; ring++) {
      const lo = ringStart(ring);
      const hi = ringStart(ring + 1);
      tri(lo + k, lo + k1, hi + k1);
      tri(lo + k, hi + k1, hi + k);
    }
    const top = ringStart(RINGS - 2);
    tri(top + k, top + k1, last);
  }
}
