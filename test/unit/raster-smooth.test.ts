import { describe, expect, it } from 'vitest';
import { EdgeSmoothing } from '../../src/render/raster/edge-smoothing';
import { OrbitCamera } from '../../src/render/raster/orbit-camera';
import { Rasterizer } from '../../src/render/raster/rasterizer';
import { RasterTarget, rgba } from '../../src/render/raster/raster-target';
import { SkeletonCapsules } from '../../src/render/raster/skeleton-capsules';
import { SoftwareRenderer } from '../../src/render/raster/software-renderer';
import { Skeleton } from '../../src/walk3d/skeleton';

const BG = rgba(0, 0, 0);
const WHITE = rgba(255, 255, 255);
const channels = (c: number) => [c & 255, (c >>> 8) & 255, (c >>> 16) & 255];

/** Clip-space corners from pixel coordinates on a `size`-pixel square (w = 1, depth 0.5). */
const px = (size: number, ...pts: [number, number][]) =>
  pts.flatMap(([x, y]) => [(2 * x) / size - 1, 1 - (2 * y) / size, 0, 1]);

/** Barycentric weights of (x, y) in the triangle a, b, c (our own oracle, not the raster's). */
function weights(
  p: [number, number],
  a: [number, number],
  b: [number, number],
  c: [number, number],
) {
  const d = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
  const wa = ((b[1] - c[1]) * (p[0] - c[0]) + (c[0] - b[0]) * (p[1] - c[1])) / d;
  const wb = ((c[1] - a[1]) * (p[0] - c[0]) + (a[0] - c[0]) * (p[1] - c[1])) / d;
  return [wa, wb, 1 - wa - wb];
}

describe('smooth (Gouraud) triangles', () => {
  const A: [number, number] = [2, 3];
  const B: [number, number] = [37, 9];
  const C: [number, number] = [12, 38];
  const corners = [rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255)];

  it('blend the corners’ colours by each pixel centre’s barycentric weights', () => {
    const t = new RasterTarget(40, 40);
    t.clear(BG);
    new Rasterizer(t).triangleSmooth(
      px(40, A, B, C),
      0,
      4,
      8,
      ...(corners as [number, number, number]),
      false,
    );
    let drawn = 0;
    let worst = 0;
    for (let y = 0; y < 40; y++)
      for (let x = 0; x < 40; x++) {
        const w = weights([x + 0.5, y + 0.5], A, B, C);
        const inside = w.every((v) => v > 1e-9);
        const got = t.color[y * 40 + x]!;
        if (!inside) continue;
        drawn++;
        const want = [0, 1, 2].map((k) =>
          w.reduce((s, v, i) => s + v * channels(corners[i]!)[k]!, 0),
        );
        const have = channels(got);
        worst = Math.max(worst, ...want.map((v, k) => Math.abs(v - have[k]!)));
      }
    expect(drawn).toBeGreaterThan(400);
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('keep their gradient where a clip plane cuts them', () => {
    const t = new RasterTarget(40, 40);
    t.clear(BG);
    const r = new Rasterizer(t);
    r.cut = Float64Array.of(1, 0, 0, 0); // keep x ≥ 0: the right half of the picture
    r.triangleSmooth(px(40, A, B, C), 0, 4, 8, ...(corners as [number, number, number]), false);
    let worst = 0;
    let kept = 0;
    for (let y = 0; y < 40; y++)
      for (let x = 0; x < 40; x++) {
        const got = t.color[y * 40 + x]!;
        if (x < 19) expect(got, `left of the cut at ${x}, ${y}`).toBe(BG);
        const w = weights([x + 0.5, y + 0.5], A, B, C);
        if (x < 21 || !w.every((v) => v > 1e-9)) continue;
        kept++;
        const want = [0, 1, 2].map((k) =>
          w.reduce((s, v, i) => s + v * channels(corners[i]!)[k]!, 0),
        );
        worst = Math.max(worst, ...want.map((v, k) => Math.abs(v - channels(got)[k]!)));
      }
    expect(kept).toBeGreaterThan(100);
    expect(worst).toBeLessThanOrEqual(1);
  });
});

/** A two-joint skeleton with its bone from (0, 0, 0) to `end`, posed by world matrices. */
function oneBone(end: [number, number, number], names = ['A', 'B'], endSite = false) {
  const skel = new Skeleton([
    { name: names[0]!, parent: -1, offset: [0, 0, 0], end: false },
    { name: names[1]!, parent: 0, offset: [0, 0, 1], end: endSite },
  ]);
  const m = new Float64Array(32);
  for (const o of [0, 16]) m[o] = m[o + 5] = m[o + 10] = m[o + 15] = 1;
  m.set(end, 28);
  return { skel, m };
}

/** Closest point of segment a–b to p (our own geometry). */
function closest(p: number[], a: number[], b: number[]) {
  const d = b.map((v, k) => v - a[k]!);
  const dd = d.reduce((s, v) => s + v * v, 0);
  const t =
    dd > 0 ? Math.max(0, Math.min(1, d.reduce((s, v, k) => s + v * (p[k]! - a[k]!), 0) / dd)) : 0;
  return a.map((v, k) => v + t * d[k]!);
}

describe('capsules along the bones', () => {
  const end: [number, number, number] = [1.5, -0.7, 4];
  const len = Math.hypot(...end);

  it('put every vertex at the radius from the bone, its normal pointing straight out', () => {
    const { skel, m } = oneBone(end);
    const body = new SkeletonCapsules(skel);
    body.update(m);
    const r = Math.min(body.maxRadius, Math.max(body.minRadius, len * body.thickness));
    const P = body.positions;
    const N = body.normals;
    for (let v = 0; v < P.length / 3; v++) {
      const p = [P[3 * v]!, P[3 * v + 1]!, P[3 * v + 2]!];
      const q = closest(p, [0, 0, 0], end);
      const away = p.map((x, k) => x - q[k]!);
      expect(Math.hypot(...away), `vertex ${v}`).toBeCloseTo(r, 5);
      for (let k = 0; k < 3; k++) expect(N[3 * v + k]!).toBeCloseTo(away[k]! / r, 5);
    }
  });

  it('are closed, with every face wound outwards (culling keeps the faces towards the eye)', () => {
    const { skel, m } = oneBone(end);
    const body = new SkeletonCapsules(skel);
    body.update(m);
    const P = body.positions;
    const I = body.indices;
    const edges = new Map<string, number>();
    for (let f = 0; f < I.length / 3; f++) {
      const [a, b, c] = [I[3 * f]!, I[3 * f + 1]!, I[3 * f + 2]!];
      for (const [u, v] of [
        [a, b],
        [b, c],
        [c, a],
      ])
        edges.set(`${u}>${v}`, (edges.get(`${u}>${v}`) ?? 0) + 1);
      const at = (i: number) => [P[3 * i]!, P[3 * i + 1]!, P[3 * i + 2]!];
      const u = at(b).map((x, k) => x - at(a)[k]!);
      const v = at(c).map((x, k) => x - at(a)[k]!);
      const n = [
        u[1]! * v[2]! - u[2]! * v[1]!,
        u[2]! * v[0]! - u[0]! * v[2]!,
        u[0]! * v[1]! - u[1]! * v[0]!,
      ];
      const centroid = [0, 1, 2].map((k) => (at(a)[k]! + at(b)[k]! + at(c)[k]!) / 3);
      const out = centroid.map((x, k) => x - closest(centroid, [0, 0, 0], end)[k]!);
      expect(n[0]! * out[0]! + n[1]! * out[1]! + n[2]! * out[2]!, `face ${f}`).toBeGreaterThan(0);
    }
    // Closed: each edge is walked once each way, by the two faces that share it.
    for (const [key, count] of edges) {
      expect(count, key).toBe(1);
      const [u, v] = key.split('>');
      expect(edges.get(`${v}>${u}`), `${key} has a neighbour`).toBe(1);
    }
  });

  it('draw the head as a ball inside its bone, neck to crown', () => {
    const { skel, m } = oneBone([0, 0, 2], ['Head', 'Head_End'], true);
    const body = new SkeletonCapsules(skel);
    body.update(m);
    const z = Array.from(
      { length: body.positions.length / 3 },
      (_, v) => body.positions[3 * v + 2]!,
    );
    expect(Math.min(...z)).toBeCloseTo(0, 5);
    expect(Math.max(...z)).toBeCloseTo(2, 5);
    const x = Array.from({ length: body.positions.length / 3 }, (_, v) => body.positions[3 * v]!);
    // As wide as 0.84 of its height: a head, not a stick.
    expect(Math.max(...x) - Math.min(...x)).toBeCloseTo(0.84 * 2, 5);
    // Lesson 12's numbers: the head 144 triangles, a limb 32.
    expect(body.indices.length / 3).toBe(144);
    expect(new SkeletonCapsules(oneBone(end).skel).indices.length / 3).toBe(32);
  });

  it('look round with smooth shading: no step in the light between neighbouring pixels', () => {
    const { skel, m } = oneBone([0, 4, 0]);
    const body = new SkeletonCapsules(skel);
    body.thickness = 0.25;
    body.update(m);
    const steps = (shading: 'smooth' | 'lambert') => {
      const r = new SoftwareRenderer(120, 120);
      r.shading = shading;
      const cam = new OrbitCamera();
      cam.viewHeight = 3;
      cam.target.set([0, 2, 0]);
      r.begin(cam, BG);
      r.mesh(body.positions, body.indices, 0, {
        faceColors: body.faceColors,
        vertexColors: body.vertexColors,
      });
      // The largest jump in brightness between two covered neighbours, down each column.
      let worst = 0;
      const t = r.target;
      const luma = (c: number) => channels(c).reduce((s, v) => s + v, 0) / 3;
      for (let x = 0; x < 120; x++)
        for (let y = 1; y < 120; y++) {
          const a = t.color[(y - 1) * 120 + x]!;
          const b = t.color[y * 120 + x]!;
          if (a === BG || b === BG) continue;
          worst = Math.max(worst, Math.abs(luma(a) - luma(b)));
        }
      return worst;
    };
    const smooth = steps('smooth');
    const faceted = steps('lambert');
    expect(faceted).toBeGreaterThan(12);
    expect(smooth).toBeLessThan(faceted / 3);
  });
});

/** Exact share of pixel (x, y) on the lower side of the line y = y0 + k x (16×16 samples). */
function coverage(x: number, y: number, y0: number, k: number): number {
  let n = 0;
  for (let i = 0; i < 16; i++)
    for (let j = 0; j < 16; j++) if (y + (j + 0.5) / 16 > y0 + k * (x + (i + 0.5) / 16)) n++;
  return n / 256;
}

describe('edge smoothing', () => {
  /** White below a shallow slanted edge, black above: the classic staircase. */
  function staircase(k: number) {
    const t = new RasterTarget(64, 64);
    t.clear(BG);
    const y0 = 20.3;
    new Rasterizer(t).triangle(
      px(64, [-10, y0 - 10 * k], [200, y0 + 200 * k], [-10, 200]),
      0,
      4,
      8,
      WHITE,
      false,
    );
    return { t, y0 };
  }
  const error = (t: RasterTarget, y0: number, k: number) => {
    let sum = 0;
    let n = 0;
    for (let x = 4; x < 60; x++)
      for (let y = 4; y < 60; y++) {
        const exact = coverage(x, y, y0, k);
        if (exact === 0 || exact === 1) continue; // only pixels the edge crosses
        sum += Math.abs(channels(t.color[y * 64 + x]!)[0]! / 255 - exact);
        n++;
      }
    return sum / n;
  };

  for (const k of [0.13, 0.37, 2.7]) {
    it(`turns the staircase of an edge of slope ${k} into a ramp close to each pixel’s true coverage`, () => {
      const { t, y0 } = staircase(k);
      const before = error(t, y0, k);
      const pass = new EdgeSmoothing();
      pass.apply(t);
      const after = error(t, y0, k);
      expect(pass.blended).toBeGreaterThan(20);
      // Lesson 12 says: about 0.2 before (0.20–0.23 here), three to seven times closer after.
      expect(before).toBeGreaterThan(0.19);
      expect(before).toBeLessThan(0.24);
      expect(after).toBeLessThan(before / 2.9);
      // Far from the edge nothing changes.
      expect(t.color[5 * 64 + 50]).toBe(BG);
      expect(t.color[60 * 64 + 5]).toBe(WHITE);
    });
  }

  it('leaves a picture with no edges alone', () => {
    const t = new RasterTarget(30, 20);
    t.clear(rgba(90, 120, 80));
    const pass = new EdgeSmoothing();
    pass.apply(t);
    expect(pass.blended).toBe(0);
    expect(new Set(t.color).size).toBe(1);
  });
});
