// The software renderer's cost per frame at 960×540: the seed's basic terrain (a 100×100 grid
// of inner vertices, 20 402 triangles) and two walkers, from the side view and from an orbit,
// and the level floor of the lessons without terrain. Three ways, taking turns frame by frame so
// all see the same machine load: the lessons' view as it draws now (Walk3DView.render: the
// ground backdrop and sky, the grid on the ground, contact shadows, feet with soles, smooth
// shading, edges smoothed), the same frame as it was drawn before those (terrain, cut face,
// capsules; on the level floor the grid as lines), and that older frame with per-face light and
// no edge pass. Split into transform (vertices to clip space), raster (clear, backdrop,
// triangles, lines, shadows), edges and upload (copying the frame out; in a page,
// putImageData: the browser test prints that one). Run by `npm run bench` through bench/run.mjs.
import { OrbitCamera } from '../src/render/raster/orbit-camera';
import { rgba } from '../src/render/raster/raster-target';
import { SectionSkirt } from '../src/render/raster/section-skirt';
import { EdgeSmoothing } from '../src/render/raster/edge-smoothing';
import type { SoftwareRenderer } from '../src/render/raster/software-renderer';
import { SkeletonCapsules } from '../src/render/raster/skeleton-capsules';
import { terrainGeometry } from '../src/render/raster/walk3d-geometry';
import { Walk3DView } from '../src/render/raster/walk3d-view';
import { readCanvasColors } from '../src/render/theme-colors';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rigFromBvh } from '../src/walk3d/rig';
import { SEED_TERRAINS, TerrainSet } from '../src/walk3d/terrain3d';
import { Walker } from '../src/walk3d/walker';
import { median, percentile } from './stats';
import { fixed, textTable } from './text-table';

const W = 960;
const H = 540;
const FRAMES = 40;

export function runReport(): void {
  const field = SEED_TERRAINS.basic()[0]!;
  const terrain = terrainGeometry(field);
  const set = new TerrainSet().add(field);
  // The lessons' humanoid, from the shipped clips: nine units tall, as the lessons show it.
  const bvh = (name: string) =>
    readFileSync(join(process.cwd(), 'public', 'clips', `${name}.bvh`), 'utf8');
  const rig = rigFromBvh(bvh('walk'), bvh('idle'));
  const colors = readCanvasColors(null);
  const out = new Uint8ClampedArray(W * H * 4);
  const views: { name: string; terrain: boolean; setup: (c: OrbitCamera) => void }[] = [
    {
      name: 'side view, following the walkers (orthographic, 24 units high)',
      terrain: true,
      setup: (c) => void (c.viewHeight = 24),
    },
    {
      name: 'lesson 12: side view raised 11°, ground cut 1.2 in front, cut face',
      terrain: true,
      setup: (c) => {
        c.viewHeight = 18;
        c.pitch = 0.2;
        c.section = 1.2;
      },
    },
    {
      name: 'orbit from above and behind (perspective)',
      terrain: true,
      setup: (c) => {
        c.projection = 'perspective';
        c.yaw = -2.2;
        c.pitch = 0.6;
        c.distance = 60;
      },
    },
    {
      name: 'the whole terrain (orthographic, 220 units high)',
      terrain: true,
      setup: (c) => {
        c.viewHeight = 220;
        c.pitch = 0.5;
      },
    },
    {
      name: 'lesson 11: level floor, no terrain (raised 10°, 11 units high)',
      terrain: false,
      setup: (c) => {
        c.viewHeight = 11;
        c.pitch = 0.18;
      },
    },
  ];
  const rows = [
    [
      'view',
      'frame',
      'transform ms',
      'raster ms',
      'edges ms',
      'upload ms',
      'total ms (p95)',
      'triangles drawn',
      'share of 60 Hz',
    ],
  ];
  type Mode = 'now' | 'before' | 'per face';
  const modes: { name: Mode; label: string }[] = [
    { name: 'now', label: 'now: backdrop, grid, shadows, soles' },
    { name: 'before', label: 'before: terrain, cut face, capsules' },
    { name: 'per face', label: 'before, per-face light, no edges' },
  ];
  const edgePass = new EdgeSmoothing();
  const skirt = new SectionSkirt();
  const growth: string[] = [];
  const smoothing: string[] = [];
  const updates: number[] = [];
  const ground = (x: number, y: number) => set.heightAt(x, y);
  for (const v of views) {
    const walkers = [0, 1].map((k) => {
      const w = new Walker(rig.skeleton, rig.walk, rig.idle, v.terrain ? set : null);
      w.scale = rig.scale;
      w.position[0] = k * 3;
      w.walking = true;
      w.weight = 1;
      w.settle();
      return { w, body: new SkeletonCapsules(rig.skeleton) };
    });
    // The lessons' view; the frame before is drawn with its renderer too.
    const view = new Walk3DView();
    const renderer = view.renderer;
    renderer.target.resize(W, H);
    if (v.terrain) {
      view.terrains.push(terrain);
      view.ground = ground;
    }
    for (const { w } of walkers) view.addWalker(w);
    const camera = view.camera;
    v.setup(camera);
    const samples = modes.map(() => ({
      t: [] as number[],
      r: [] as number[],
      e: [] as number[],
      u: [] as number[],
      all: [] as number[],
      tris: 0,
    }));
    for (let f = 0; f < modes.length * (FRAMES + 10); f++) {
      const k = f % modes.length;
      const mode = modes[k]!.name;
      renderer.shading = mode === 'per face' ? 'lambert' : 'smooth';
      const w0 = performance.now();
      for (const { w } of walkers) w.update(1 / 60);
      if (f >= 20) updates.push((performance.now() - w0) / walkers.length);
      walkers[0]!.w.aimPoint(camera.target);
      const start = performance.now();
      let edges: number;
      let skirtMs = 0;
      if (mode === 'now') {
        view.render(W, H, colors);
        edges = view.times.edges;
      } else {
        renderer.begin(camera, rgba(250, 250, 245));
        if (v.terrain)
          renderer.mesh(terrain.positions, terrain.indices, 0, {
            faceColors: terrain.litColors,
            vertexColors: terrain.smoothColors,
            prelit: true,
            cull: false,
            cut: true,
          });
        else floorGrid(renderer, camera);
        const s0 = performance.now();
        const cutFace = v.terrain && skirt.update(camera, ground);
        skirtMs = performance.now() - s0;
        if (cutFace)
          renderer.mesh(skirt.positions, skirt.indices, skirt.color, {
            prelit: true,
            cull: false,
            depthWrite: false,
          });
        for (const { w, body } of walkers) {
          body.update(w.matrices);
          renderer.mesh(body.positions, body.indices, 0, {
            faceColors: body.faceColors,
            vertexColors: body.vertexColors,
          });
        }
        const e0 = performance.now();
        if (mode === 'before') edgePass.apply(renderer.target);
        edges = performance.now() - e0;
      }
      const u0 = performance.now();
      out.set(renderer.target.bytes);
      const end = performance.now();
      if (f < 20) continue; // warm-up frames
      const s = samples[k]!;
      // As the lesson's readout counts it: the cut face's heights are part of transform.
      s.t.push(mode === 'now' ? view.times.transform : renderer.transformMs + skirtMs);
      s.r.push(mode === 'now' ? view.times.raster : renderer.rasterMs);
      s.e.push(edges);
      s.u.push(end - u0);
      s.all.push(end - start);
      s.tris = renderer.raster.triangles;
    }
    modes.forEach((mode, k) => {
      const s = samples[k]!;
      const total = median(s.all);
      rows.push([
        k === 0 ? v.name : '',
        mode.label,
        fixed(median(s.t), 2),
        fixed(median(s.r), 2),
        fixed(median(s.e), 2),
        fixed(median(s.u), 2),
        `${fixed(total, 1)} (${fixed(percentile(s.all, 95), 1)})`,
        String(s.tris),
        `${fixed((total / (1000 / 60)) * 100, 0)}%`,
      ]);
    });
    const [now, before, perFace] = samples.map((s) => median(s.all));
    growth.push(`${fixed(now! / before!, 2)}×`);
    smoothing.push(`${fixed(before! / perFace!, 2)}×`);
  }
  console.log(
    `\nSoftware renderer, ${W}×${H}, terrain ${terrain.indices.length / 3} triangles + 2 walkers, medians of ${FRAMES} frames`,
  );
  console.log(textTable(rows));
  console.log(
    `The frame now (backdrop, grid, shadows, soles) costs, per view, ${growth.join(', ')} the frame before them (same run, frames taking turns)`,
  );
  console.log(
    `Smooth shading and edge smoothing cost, per view, ${smoothing.join(', ')} the frame of per-face shading`,
  );
  console.log(
    `Walker update (two clips sampled and blended, FK of ${rig.skeleton.count} joints to world space): ${fixed(median(updates) * 1000, 1)} µs per walker (median)`,
  );
}

/** The level floor as the view drew it before: 34 grid lines, two units apart, round the target. */
function floorGrid(r: SoftwareRenderer, camera: OrbitCamera): void {
  const n = 8;
  const step = 2;
  const cx = step * Math.round(camera.target[0]! / step);
  const cy = step * Math.round(camera.target[1]! / step);
  const reach = n * step;
  const points: number[] = [];
  for (let k = -n; k <= n; k++)
    points.push(
      ...[cx + k * step, cy - reach, 0, cx + k * step, cy + reach, 0],
      ...[cx - reach, cy + k * step, 0, cx + reach, cy + k * step, 0],
    );
  r.lines(points, GRID_PAIRS, 1, rgba(228, 228, 222));
}
const GRID_PAIRS = Uint32Array.from({ length: 4 * 17 }, (_, i) => i);
