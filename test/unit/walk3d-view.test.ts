import { describe, expect, it } from 'vitest';
import { GroundGrid } from '../../src/render/raster/ground-grid';
import { OrbitCamera } from '../../src/render/raster/orbit-camera';
import { hexColor, rgba } from '../../src/render/raster/raster-target';
import { SoftwareRenderer } from '../../src/render/raster/software-renderer';
import { TOP_RIGHT_RESERVED } from '../../src/render/raster/view-text';
import { terrainGeometry } from '../../src/render/raster/walk3d-geometry';
import { newMark, Walk3DView } from '../../src/render/raster/walk3d-view';
import { readCanvasColors, type CanvasColors } from '../../src/render/theme-colors';
import { rigFromBvh } from '../../src/walk3d/rig';
import { SEED_TERRAINS, TerrainSet } from '../../src/walk3d/terrain3d';
import { Walker } from '../../src/walk3d/walker';
import { clipText } from './clip-text';

const LIGHT = readCanvasColors(null);
const DARK: CanvasColors = {
  ...LIGHT,
  background: '#1c1d21',
  ground: '#34322b',
  groundEdge: '#a39a7f',
  grid: '#26272c',
  text: '#e8e8e3',
};
const rig = rigFromBvh(clipText('walk'), clipText('idle'));

/** The lessons' cameras: pitch, view height, terrain or level floor, section cut. */
const LESSONS = [
  { lesson: 11, pitch: 0.18, viewHeight: 11, terrain: false, section: null },
  { lesson: 12, pitch: 0.2, viewHeight: 18, terrain: true, section: 1.2 },
  { lesson: 13, pitch: 0.12, viewHeight: 11, terrain: false, section: null },
  { lesson: 14, pitch: 0, viewHeight: 11, terrain: false, section: null },
  { lesson: 15, pitch: 0.2, viewHeight: 18, terrain: true, section: 1.2 },
] as const;

/** A view of the humanoid standing at (0, −20), as a lesson sets it up. */
function scene(o: {
  pitch: number;
  viewHeight: number;
  terrain: boolean;
  section: number | null;
  walking?: boolean;
}) {
  const view = new Walk3DView();
  const set = new TerrainSet();
  if (o.terrain) {
    const field = SEED_TERRAINS.basic()[0]!;
    set.add(field);
    view.terrains.push(terrainGeometry(field));
    view.ground = (x, y) => set.heightAt(x, y);
  }
  const walker = new Walker(rig.skeleton, rig.walk, rig.idle, o.terrain ? set : null);
  walker.scale = rig.scale;
  walker.position[1] = -20;
  walker.walking = o.walking ?? false;
  walker.weight = walker.walking ? 1 : 0;
  walker.settle();
  walker.update(0);
  view.addWalker(walker);
  const c = view.camera;
  walker.aimPoint(c.target);
  c.pitch = o.pitch;
  c.viewHeight = o.viewHeight;
  c.distance = o.viewHeight / (2 * Math.tan(c.fovY / 2));
  c.section = o.section;
  return { view, walker };
}

/** How many pixels of the frame are exactly the page's background colour. */
function backgroundPixels(view: Walk3DView, colors: CanvasColors): number {
  const bg = hexColor(colors.background);
  let n = 0;
  for (const c of view.renderer.target.color) if (c === bg) n++;
  return n;
}

/** A 2D context that measures text at 6 px a character and draws nothing. */
function fakeContext(width: number, height: number): CanvasRenderingContext2D {
  const noop = () => {};
  return {
    canvas: { width, height },
    measureText: (t: string) => ({ width: 6 * t.length }),
    fillText: noop,
    strokeText: noop,
    beginPath: noop,
    moveTo: noop,
    lineTo: noop,
    stroke: noop,
  } as unknown as CanvasRenderingContext2D;
}

function overlapping(boxes: { x: number; y: number; width: number; height: number }[]) {
  const out: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      const ox = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const oy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (ox > 0.5 && oy > 0.5) out.push(`${JSON.stringify(a)} × ${JSON.stringify(b)}`);
    }),
  );
  return out;
}

describe('the 3D view’s ground (issue 37: contact, depth, no white void)', () => {
  it('lesson 11’s level floor gets the feet’s contact shadows, as the terrains do', () => {
    for (const l of LESSONS) {
      const { view } = scene(l);
      view.render(480, 270, LIGHT);
      // Both feet stand on the ground: each darkens the ground round it (the side view with a
      // level camera, lesson 14, gets the edge-on half-ellipse under the contact).
      expect(view.shadowPixels, `lesson ${l.lesson}`).toBeGreaterThan(100);
    }
  });

  it('no pixel is left the page’s background for any lesson’s camera, in either theme, orbited or zoomed out', () => {
    for (const colors of [LIGHT, DARK])
      for (const l of LESSONS)
        for (const turn of [
          {},
          { yaw: 2.4, pitch: 0.5 },
          { viewHeight: 400 },
          { perspective: true, yaw: -2.2, pitch: 0.3 },
        ] as { yaw?: number; pitch?: number; viewHeight?: number; perspective?: boolean }[]) {
          const { view } = scene({ ...l, ...turn });
          view.camera.yaw = turn.yaw ?? 0;
          if (turn.perspective) view.camera.projection = 'perspective';
          view.render(320, 180, colors);
          const where = `lesson ${l.lesson} ${JSON.stringify(turn)} ${colors.background}`;
          expect(backgroundPixels(view, colors), where).toBe(0);
        }
  });

  it('the far ground fills every row under the horizon; a level floor is solid (it holds depth)', () => {
    const { view } = scene(LESSONS[3]);
    view.render(320, 180, LIGHT);
    const t = view.renderer.target;
    // Lesson 14's level camera: the floor's line at the walker's feet, earth under it.
    const p = { x: 0, y: 0, visible: false };
    view.renderer.project(view.camera.target[0]!, view.camera.target[1]!, 0, p);
    const ground = hexColor(LIGHT.ground);
    const below = Math.ceil(p.y) + 8;
    expect(below).toBeLessThan(t.height);
    expect(t.pixel(5, below)).toEqual(t.pixel(5, t.height - 1));
    expect(t.color[below * t.width + 5]).toBe(ground);
    // Lesson 11: the floor in front of the walker has depth (shadows and hidden feet need it).
    const eleven = scene(LESSONS[0]).view;
    eleven.render(320, 180, LIGHT);
    const d = eleven.renderer.target.depth;
    expect(Number.isFinite(d[(eleven.renderer.target.height - 2) * 320 + 3])).toBe(true);
  });

  it('a grid on the terrain follows its surface and is cut with the ground in a section view', () => {
    const cut = scene({ ...LESSONS[1] });
    // (The edge pass would blend the grid into the pixels next to it: compared without it.)
    cut.view.smoothEdges = false;
    cut.view.showGrid = false;
    cut.view.render(480, 270, LIGHT);
    const without = cut.view.renderer.target.color.slice();
    cut.view.showGrid = true;
    cut.view.render(480, 270, LIGHT);
    const changed: number[] = [];
    cut.view.renderer.target.color.forEach((c, i) => c !== without[i] && changed.push(i));
    expect(changed.length).toBeGreaterThan(200);
    // Nothing of the grid is drawn over the cut face (it was in front of the cut).
    const face = cut.view.renderer.target;
    const skirt = 0xff000000 | (64 << 16) | (94 << 8) | 122;
    for (const i of changed) expect(without[i]).not.toBe(skirt >>> 0);
    expect(face.width).toBe(480);
    // Every segment drawn lies behind the cut (a hill in front of it keeps no grid).
    const r = new SoftwareRenderer(200, 120);
    const camera = new OrbitCamera();
    camera.section = 1.2;
    camera.pitch = 0.3;
    camera.target.set([3, 5, 1]);
    r.begin(camera, rgba(0, 0, 0));
    const grid = new GroundGrid();
    grid.draw(r, camera, (x) => Math.sin(x), rgba(20, 20, 20));
    const plane = camera.sectionPlane;
    const side = (k: number) =>
      plane[0]! * grid.drawn[3 * k]! +
      plane[1]! * grid.drawn[3 * k + 1]! +
      plane[2]! * grid.drawn[3 * k + 2]! +
      plane[3]!;
    let drawn = 0;
    grid.alphas.forEach((a, s) => {
      if (!(a > 0)) return;
      drawn++;
      expect(side(grid.pairs[2 * s]!)).toBeGreaterThan(-1e-6);
      expect(side(grid.pairs[2 * s + 1]!)).toBeGreaterThan(-1e-6);
    });
    expect(drawn).toBeGreaterThan(50);
    // On the terrain its points lie on the mesh as drawn: at a vertex, the vertex's height.
    const t = cut.view.terrains[0]!;
    const k = 3 * (t.side * 40 + 37);
    expect(cut.view.surface(t.positions[k]!, t.positions[k + 1]!)).toBeCloseTo(
      t.positions[k + 2]!,
      4,
    );
    const onTerrain = new GroundGrid();
    onTerrain.draw(r, cut.view.camera, cut.view.surface, rgba(20, 20, 20));
    for (let i = 0; i < onTerrain.points.length; i += 3) {
      const z = cut.view.surface(onTerrain.points[i]!, onTerrain.points[i + 1]!);
      expect(onTerrain.points[i + 2]!).toBeCloseTo(z, 3);
    }
  });
});

describe('the 3D view’s labels: one placement pass', () => {
  it('every joint name of the humanoid in a side view, and two foot marks, without one label on another', () => {
    const { view, walker } = scene({ ...LESSONS[0], walking: true });
    view.showNames = true;
    view.corner = '12.3 ms · 60 fps\nplanted feet, 5 s: in the ground 0.93 · floating 0.46';
    const m = walker.matrices;
    for (const [row, side] of [
      [0, 'LeftFoot'],
      [1, 'RightFoot'],
    ] as const) {
      const j = rig.skeleton.indexOf(side);
      const mark = newMark('#d03030', row);
      mark.from.set([m[16 * j + 12]!, m[16 * j + 13]!, m[16 * j + 14]!]);
      mark.to.set(mark.from);
      mark.to[2] = 0;
      mark.text = `${side}: in the ground 0.12`;
      view.marks.push(mark);
    }
    view.render(640, 360, LIGHT);
    view.writeLabels(fakeContext(640, 360), 1, LIGHT);
    const boxes = view.labelBoxes();
    const names = rig.skeleton.joints.filter((j) => !j.end).length;
    // The corner's two lines, both marks, and nearly every name (one that finds no free spot is
    // left out rather than drawn over another).
    expect(boxes.length).toBeGreaterThan(2 + 2 + names - 4);
    expect(overlapping(boxes)).toEqual([]);
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(-0.5);
      expect(b.y).toBeGreaterThanOrEqual(-0.5);
      expect(b.x + b.width).toBeLessThanOrEqual(640.5);
      expect(b.y + b.height).toBeLessThanOrEqual(360.5);
    }
  });

  it('boxes are read back in CSS pixels, and the corner lines wrap clear of the page’s buttons', () => {
    const { view } = scene(LESSONS[0]);
    view.corner =
      '4.9 ms · 35 fps\nplanted feet, 5 s: in the ground 1.84 · floating 1.33 · swing below 1.07';
    const dpr = 2;
    const width = 2 * 300;
    view.render(width, 400, LIGHT);
    view.writeLabels(fakeContext(width, 400), dpr, LIGHT);
    const boxes = view.labelBoxes();
    expect(boxes.length).toBeGreaterThan(2);
    for (const b of boxes) expect(b.x + b.width).toBeLessThanOrEqual(300 - TOP_RIGHT_RESERVED);
    expect(overlapping(boxes)).toEqual([]);
    expect(boxes[0]).toMatchObject({ x: 6, y: 4, height: 14 });
  });
});
