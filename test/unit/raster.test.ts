import { describe, expect, it } from 'vitest';
import { OrbitCamera } from '../../src/render/raster/orbit-camera';
import { Rasterizer } from '../../src/render/raster/rasterizer';
import { RasterTarget, rgba } from '../../src/render/raster/raster-target';
import { SoftwareRenderer } from '../../src/render/raster/software-renderer';

const RED = rgba(255, 0, 0);
const BLUE = rgba(0, 0, 255);
const BG = rgba(0, 0, 0);

/** A 10×10 target with a rasteriser, in clip space where x, y ∈ [−1, 1] map to the pixels. */
function setup() {
  const t = new RasterTarget(10, 10);
  t.clear(BG);
  return { t, r: new Rasterizer(t) };
}

/** Clip-space corners from pixel coordinates (x right, y down) and a depth 0–1, w = 1. */
const px = (...pts: [number, number, number][]) =>
  pts.flatMap(([x, y, d]) => [x / 5 - 1, 1 - y / 5, d * 2 - 1, 1]);

const covered = (t: RasterTarget, color: number) => {
  const out: string[] = [];
  for (let y = 0; y < t.height; y++) {
    let row = '';
    for (let x = 0; x < t.width; x++) row += t.color[y * t.width + x] === color ? '#' : '.';
    out.push(row);
  }
  return out;
};

describe('the rasteriser', () => {
  it('a backdrop drawn without depth writes shows where it is nearer but hides nothing drawn after it, flat or smooth', () => {
    for (const smooth of [false, true]) {
      const { t, r } = setup();
      const square = (d: number) => px([0, 0, d], [0, 10, d], [10, 10, d], [10, 0, d]);
      const draw = (d: number, color: number) => {
        const v = square(d);
        const other = smooth ? (color & 0xfffefefe) >>> 0 : color;
        // Two triangles: the square, counter-clockwise on screen; smooth ones get a second
        // corner colour so they take the blended path.
        if (smooth) {
          r.triangleSmooth(v, 0, 4, 8, color, other, color, false);
          r.triangleSmooth(v, 0, 8, 12, color, color, other, false);
        } else {
          r.triangle(v, 0, 4, 8, color, false);
          r.triangle(v, 0, 8, 12, color, false);
        }
      };
      draw(0.6, RED);
      const depthBefore = t.depth.slice();
      r.depthWrite = false;
      draw(0.3, BLUE);
      r.depthWrite = true;
      // The backdrop is nearer than red: it shows everywhere, and the depth is still red's.
      expect(t.depth).toEqual(depthBefore);
      expect([...t.color].every((c) => c !== RED && c !== BG)).toBe(true);
      // A later square between the two depths draws over the backdrop: it hid nothing.
      draw(0.5, RED);
      for (let i = 0; i < t.width * t.height; i++) {
        const [red, , blue] = t.pixel(i % t.width, Math.floor(i / t.width));
        expect(red).toBeGreaterThanOrEqual(254);
        expect(blue).toBe(0);
      }
    }
  });

  it('fills exactly the pixels whose centres lie inside a triangle', () => {
    const { t, r } = setup();
    // Lower-left half of the square (0,0)-(10,10), counter-clockwise on screen as seen from +z.
    r.triangle(px([0, 0, 0.5], [0, 10, 0.5], [10, 10, 0.5]), 0, 4, 8, RED, false);
    const rows = covered(t, RED);
    expect(rows[0]).toBe('#.........');
    expect(rows[4]).toBe('#####.....');
    expect(rows[9]).toBe('##########');
    // 10 + 9 + … + 1 pixel centres lie on or below the diagonal.
    expect(rows.join('').split('#').length - 1).toBe(55);
  });

  it('the nearer of two overlapping triangles wins, whatever order they are drawn in', () => {
    for (const order of [0, 1]) {
      const { t, r } = setup();
      const near = px([0, 0, 0.3], [0, 10, 0.3], [10, 10, 0.3], [10, 0, 0.3]);
      const far = px([0, 0, 0.6], [0, 10, 0.6], [10, 10, 0.6], [10, 0, 0.6]);
      const draw = (v: number[], c: number) => {
        r.triangle(v, 0, 4, 8, c, false);
        r.triangle(v, 0, 8, 12, c, false);
      };
      if (order) {
        draw(far, BLUE);
        draw(near, RED);
      } else {
        draw(near, RED);
        draw(far, BLUE);
      }
      expect(covered(t, RED).join('')).toBe('#'.repeat(100));
    }
  });

  it('culls the back of a triangle and keeps its front', () => {
    const { t, r } = setup();
    const v = px([1, 1, 0.5], [1, 9, 0.5], [9, 9, 0.5]);
    r.triangle(v, 0, 8, 4, RED, true); // clockwise on screen from the eye: the back
    expect(covered(t, RED).join('').includes('#')).toBe(false);
    r.triangle(v, 0, 4, 8, RED, true);
    expect(covered(t, RED).join('').includes('#')).toBe(true);
  });

  it('lines are depth-tested: hidden behind a nearer surface, shown in front of a farther one', () => {
    const { t, r } = setup();
    const wall = px([0, 0, 0.5], [0, 10, 0.5], [10, 10, 0.5], [10, 0, 0.5]);
    r.triangle(wall, 0, 4, 8, BLUE, false);
    r.triangle(wall, 0, 8, 12, BLUE, false);
    r.line(px([0, 3, 0.8], [10, 3, 0.8]), 0, 4, 2, RED); // behind the wall
    expect(covered(t, RED).join('').includes('#')).toBe(false);
    r.line(px([0, 7, 0.2], [10, 7, 0.2]), 0, 4, 2, RED); // in front of it
    const rows = covered(t, RED);
    expect(rows[6]).toBe('##########');
    expect(rows[7]).toBe('##########');
    expect(rows[3]).toBe('..........');
    // A line lying on the surface itself shows too (lines are pulled a hair towards the eye).
    r.line(px([0, 2, 0.5], [10, 2, 0.5]), 0, 4, 2, RED);
    expect(covered(t, RED)[1]).toBe('##########');
    expect(covered(t, RED)[2]).toBe('##########');
  });

  it('cuts geometry at the near plane instead of drawing what is behind the eye', () => {
    const t = new RasterTarget(40, 40);
    t.clear(BG);
    const rr = new SoftwareRenderer(40, 40);
    const cam = new OrbitCamera();
    cam.projection = 'perspective';
    cam.distance = 5;
    cam.target.set([0, 0, 0]);
    rr.begin(cam, BG);
    // A huge floor under the eye reaching behind it: must draw, with no NaN, only in front.
    const floor = [-100, -100, -1, 100, -100, -1, 100, 100, -1, -100, 100, -1];
    rr.mesh(floor, [0, 1, 2, 0, 2, 3], RED, { cull: false });
    const drawn = rr.target.color.filter(
      (c) => c === rr.target.color[rr.target.width * 39 + 20],
    ).length;
    expect(drawn).toBeGreaterThan(100);
    expect(
      rr.target.depth.every((d) => (Number.isFinite(d) ? d >= 0 && d <= 1 : d === Infinity)),
    ).toBe(true);
  });

  it('a section view cuts away the ground between the eye and the cut, and keeps what is behind', () => {
    const rr = new SoftwareRenderer(40, 40);
    rr.shading = 'flat';
    const cam = new OrbitCamera();
    cam.viewHeight = 10;
    // Two walls facing the eye (+X side): one 3 units nearer than the target, one at it.
    const wall = (x: number) => Float32Array.of(x, -2, -2, x, 2, -2, x, 2, 2, x, -2, 2);
    const quad = Uint32Array.of(0, 1, 2, 0, 2, 3);
    const draw = () => {
      rr.begin(cam, BG);
      rr.mesh(wall(3), quad, RED, { cull: false, cut: true });
      rr.mesh(wall(0), quad, BLUE, { cull: false });
      return rr.target.color[20 * 40 + 20];
    };
    expect(draw()).toBe(RED);
    cam.section = 1;
    expect(draw()).toBe(BLUE);
    cam.projection = 'perspective';
    expect(draw()).toBe(BLUE);
    // What is not drawn as ground (the walker) is never cut.
    rr.begin(cam, BG);
    rr.mesh(wall(3), quad, RED, { cull: false });
    expect(rr.target.color[20 * 40 + 20]).toBe(RED);
    cam.section = 4; // the cut behind the red wall: nothing cut
    expect(draw()).toBe(RED);
    cam.section = null;
    expect(draw()).toBe(RED);
  });

  it('the side view shows the walker’s front (+Y) to the right and up (+Z) at the top', () => {
    const rr = new SoftwareRenderer(100, 100);
    const cam = new OrbitCamera();
    cam.viewHeight = 10;
    const p = { x: 0, y: 0, visible: false };
    rr.begin(cam, BG);
    rr.project(0, 3, 0, p);
    expect(p.x).toBeGreaterThan(50);
    rr.project(0, 0, 3, p);
    expect(p.y).toBeLessThan(50);
    expect(p.visible).toBe(true);
  });

  it('translucent lines tint what is under them by their opacity, hide behind nearer surfaces, and write no depth', () => {
    const r = new SoftwareRenderer(20, 20);
    r.shading = 'flat';
    const cam = new OrbitCamera();
    cam.viewHeight = 4;
    cam.pitch = Math.PI / 2 - 0.01;
    r.begin(cam, BG);
    // A red floor at z = 0 over the whole view, seen from above.
    r.mesh([-9, -9, 0, 9, -9, 0, 9, 9, 0, -9, 9, 0], [0, 1, 2, 0, 2, 3], RED, { cull: false });
    const depth = r.target.depth.slice();
    // A line along the view's width through the middle, blended half way to blue.
    const p = { x: 0, y: 0, visible: false };
    r.project(0, 0, 0, p);
    const y = Math.floor(p.y);
    const wide = [0, 1];
    const across = [-9, 0, 0, 9, 0, 0, 0, -9, 0, 0, 9, 0];
    r.translucentLines(across, wide, 1, BLUE, [0.5]);
    // Opacity 0: skipped (the other way across).
    r.translucentLines(across, [2, 3], 1, BLUE, [0]);
    expect(r.target.depth).toEqual(depth);
    const tinted = [...r.target.color].filter((c) => c !== RED);
    expect(tinted.length).toBeGreaterThan(10);
    for (const c of tinted) {
      expect(c & 255).toBeGreaterThan(120);
      expect(c & 255).toBeLessThan(135);
      expect((c >>> 16) & 255).toBeGreaterThan(120);
      expect((c >>> 16) & 255).toBeLessThan(135);
    }
    // Under a nearer surface the line does not show.
    r.begin(cam, BG);
    r.mesh([-9, -9, 0, 9, -9, 0, 9, 9, 0, -9, 9, 0], [0, 1, 2, 0, 2, 3], RED, { cull: false });
    r.mesh([-9, -9, 1, 9, -9, 1, 9, 9, 1, -9, 9, 1], [0, 1, 2, 0, 2, 3], RED, { cull: false });
    r.translucentLines(across, wide, 1, BLUE, [1]);
    expect([...r.target.color].every((c) => c === RED)).toBe(true);
    expect(y).toBeGreaterThan(0);
  });
});
