// The software renderer's cost per frame at 960×540: the seed's basic terrain (a 100×100 grid
// of inner vertices, 20 402 triangles) and two walkers drawn as capsules (smooth shading, edges smoothed), from the side view
// and from an orbit. Split into transform (vertices to clip space), raster (clear, triangles,
// lines) and upload (copying the frame out; in a page, putImageData: the browser test prints
// that one). Run by `npm run bench` through bench/run.mjs.
import { OrbitCamera } from '../src/render/raster/orbit-camera';
import { rgba } from '../src/render/raster/raster-target';
import { SectionSkirt } from '../src/render/raster/section-skirt';
import { EdgeSmoothing } from '../src/render/raster/edge-smoothing';
import { type Shading, SoftwareRenderer } from '../src/render/raster/software-renderer';
import { SkeletonCapsules } from '../src/render/raster/skeleton-capsules';
import { terrainGeometry } from '../src/render/raster/walk3d-geometry';
import { humanoidSkeleton, idleClip, walkClip } from '../src/walk3d/authoring/humanoid';
import { reorient } from '../src/walk3d/reorient';
import { extractRootMotion } from '../src/walk3d/root-motion';
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
  const skel = humanoidSkeleton();
  const walk = reorient(skel, walkClip(skel), [0, 1, 0], [0, 0, 1]);
  const idle = reorient(skel, idleClip(skel), [0, 1, 0], [0, 0, 1]);
  const motion = extractRootMotion(walk.clip, 0);
  const walkers = [0, 1].map((k) => {
    const w = new Walker(walk.skeleton, motion, idle.clip, set);
    w.position[0] = k * 3;
    w.walking = true;
    w.weight = 1;
    return { w, body: new SkeletonCapsules(walk.skeleton) };
  });
  const renderer = new SoftwareRenderer(W, H);
  const out = new Uint8ClampedArray(W * H * 4);
  const views: [string, (c: OrbitCamera) => void][] = [
    [
      'side view, following the walkers (orthographic, 24 units high)',
      (c) => void (c.viewHeight = 24),
    ],
    [
      'lesson 12: side view raised 11°, ground cut 1.2 in front, cut face',
      (c) => {
        c.viewHeight = 18;
        c.pitch = 0.2;
        c.section = 1.2;
      },
    ],
    [
      'orbit from above and behind (perspective)',
      (c) => {
        c.projection = 'perspective';
        c.yaw = -2.2;
        c.pitch = 0.6;
        c.distance = 60;
      },
    ],
    [
      'the whole terrain (orthographic, 220 units high)',
      (c) => {
        c.viewHeight = 220;
        c.pitch = 0.5;
      },
    ],
  ];
  const rows = [
    [
      'view',
      'shading',
      'transform ms',
      'raster ms',
      'edges ms',
      'upload ms',
      'total ms (p95)',
      'triangles drawn',
      'share of 60 Hz',
    ],
  ];
  // Each view drawn the way the lessons draw it now (smooth shading, edges smoothed) and the
  // way they drew before (per-face light, no edge pass), taking turns frame by frame so both
  // see the same machine load.
  const modes: { name: string; shading: Shading; edges: boolean }[] = [
    { name: 'smooth + edges', shading: 'smooth', edges: true },
    { name: 'per face', shading: 'lambert', edges: false },
  ];
  const edgePass = new EdgeSmoothing();
  const skirt = new SectionSkirt();
  const ratios: string[] = [];
  const updates: number[] = [];
  const ground = (x: number, y: number) => set.heightAt(x, y);
  for (const [name, setup] of views) {
    const camera = new OrbitCamera();
    setup(camera);
    const samples = modes.map(() => ({
      t: [] as number[],
      r: [] as number[],
      e: [] as number[],
      u: [] as number[],
      all: [] as number[],
    }));
    let tris = 0;
    for (let f = 0; f < 2 * (FRAMES + 10); f++) {
      const mode = modes[f % 2]!;
      renderer.shading = mode.shading;
      const w0 = performance.now();
      for (const { w } of walkers) w.update(1 / 60);
      if (f >= 20) updates.push((performance.now() - w0) / walkers.length);
      camera.target.set(walkers[0]!.w.position);
      camera.target[2]! += 4.5;
      const start = performance.now();
      renderer.begin(camera, rgba(250, 250, 245));
      renderer.mesh(terrain.positions, terrain.indices, 0, {
        faceColors: terrain.litColors,
        vertexColors: terrain.smoothColors,
        prelit: true,
        cull: false,
        cut: true,
      });
      const s0 = performance.now();
      const cutFace = skirt.update(camera, ground);
      const skirtMs = performance.now() - s0;
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
      if (mode.edges) edgePass.apply(renderer.target);
      const u0 = performance.now();
      out.set(renderer.target.bytes);
      const end = performance.now();
      if (f < 20) continue; // warm-up frames
      const s = samples[f % 2]!;
      // As the lesson's readout counts it: the cut face's heights are part of transform.
      s.t.push(renderer.transformMs + skirtMs);
      s.r.push(renderer.rasterMs);
      s.e.push(u0 - e0);
      s.u.push(end - u0);
      s.all.push(end - start);
      tris = renderer.raster.triangles;
    }
    modes.forEach((mode, k) => {
      const s = samples[k]!;
      const total = median(s.all);
      rows.push([
        k === 0 ? name : '',
        mode.name,
        fixed(median(s.t), 2),
        fixed(median(s.r), 2),
        fixed(median(s.e), 2),
        fixed(median(s.u), 2),
        `${fixed(total, 1)} (${fixed(percentile(s.all, 95), 1)})`,
        String(tris),
        `${fixed((total / (1000 / 60)) * 100, 0)}%`,
      ]);
    });
    ratios.push(`${fixed(median(samples[0]!.all) / median(samples[1]!.all), 2)}×`);
  }
  console.log(
    `\nSoftware renderer, ${W}×${H}, terrain ${terrain.indices.length / 3} triangles + 2 walkers (${walkers[0]!.body.bones.length} capsules each), medians of ${FRAMES} frames`,
  );
  console.log(textTable(rows));
  console.log(
    `Smooth shading and edge smoothing cost, per view, ${ratios.join(', ')} the frame of per-face shading (same run, frames alternating)`,
  );
  console.log(
    `Walker update (two clips sampled and blended, FK of ${walkers[0]!.w.skeleton.count} joints to world space): ${fixed(median(updates) * 1000, 1)} µs per walker (median)`,
  );
}
