import { describe, expect, it } from 'vitest';
import {
  contactShadow,
  soleShadow,
  SHADOW_DARK,
  SHADOW_FADE,
  SHADOW_REST,
} from '../../src/render/raster/contact-shadow';
import { OrbitCamera } from '../../src/render/raster/orbit-camera';
import { rgba } from '../../src/render/raster/raster-target';
import { SoftwareRenderer } from '../../src/render/raster/software-renderer';

const GROUND = rgba(100, 140, 80);
const SKY = rgba(230, 235, 240);

/** A flat floor at z = 0 seen from above at an angle, drawn; and the pixel under (0, 0, 0). */
function scene() {
  const r = new SoftwareRenderer(120, 90);
  r.shading = 'flat';
  const cam = new OrbitCamera();
  cam.viewHeight = 4;
  cam.pitch = 0.6;
  r.begin(cam, SKY);
  const floor = [-20, -20, 0, 20, -20, 0, 20, 20, 0, -20, 20, 0];
  r.mesh(floor, [0, 1, 2, 0, 2, 3], GROUND, { cull: false });
  const p = { x: 0, y: 0, visible: false };
  r.project(0, 0, 0, p);
  const at = (x: number, y: number) => r.target.pixel(Math.floor(x), Math.floor(y));
  return { r, centre: () => at(p.x, p.y), p, at };
}

describe('contact shadows (issue 19: contact judged at a glance)', () => {
  it('a planted ankle darkens the ground under it by SHADOW_DARK at the centre, softly to the edge', () => {
    const { r, centre, p, at } = scene();
    const before = centre();
    const far = at(p.x + 40, p.y);
    const n = contactShadow(r, () => 0, 0, 0, SHADOW_REST);
    expect(n).toBeGreaterThan(50);
    const after = centre();
    for (let c = 0; c < 3; c++) expect(after[c]!).toBeCloseTo(before[c]! * (1 - SHADOW_DARK), -0.5);
    // Half way out, lighter than the centre; far away, untouched.
    const half = { x: 0, y: 0, visible: false };
    r.project(0.3, 0, 0, half);
    expect(at(half.x, half.y)[1]).toBeGreaterThan(after[1]);
    expect(at(half.x, half.y)[1]).toBeLessThan(before[1]);
    expect(at(p.x + 40, p.y)).toEqual(far);
  });

  it('fades as the ankle lifts, and is gone a full SHADOW_FADE above its resting height', () => {
    const darkness = (z: number) => {
      const { r, centre } = scene();
      const before = centre()[1];
      contactShadow(r, () => 0, 0, 0, z);
      return 1 - centre()[1] / before;
    };
    const down = darkness(SHADOW_REST);
    const mid = darkness(SHADOW_REST + SHADOW_FADE / 2);
    expect(mid).toBeLessThan(down);
    expect(mid).toBeGreaterThan(0.1);
    expect(darkness(SHADOW_REST + SHADOW_FADE + 0.01)).toBe(0);
  });

  it('touches only the ground near the foot, not a far hill behind it on screen, nor the sky', () => {
    const { r, p } = scene();
    // Under the foot, nothing drawn at the ground point's depth (a hole: sky) → nothing darkened.
    r.target.depth.fill(Infinity);
    expect(contactShadow(r, () => 0, 0, 0, SHADOW_REST)).toBe(0);
    // Off every terrain (the ground function says −∞): no shadow, no NaN.
    expect(contactShadow(r, () => -Infinity, 0, 0, SHADOW_REST)).toBe(0);
    expect(p.visible).toBe(true);
  });

  it('seen edge-on (a level side view), a half-ellipse under the contact point, over the earth', () => {
    const r = new SoftwareRenderer(120, 90);
    r.shading = 'flat';
    const cam = new OrbitCamera();
    cam.viewHeight = 4;
    cam.pitch = 0;
    r.begin(cam, SKY);
    // The floor seen edge-on covers no pixel; under its line is earth with no depth (as the
    // view's backdrop paints it), here plain ground colour.
    const p = { x: 0, y: 0, visible: false };
    r.project(0, 0, 0, p);
    const row = Math.floor(p.y);
    r.target.color.fill(GROUND, (row + 1) * 120);
    const before = r.target.color.slice();
    const n = soleShadow(r, () => 0, 0, 0, 0, 0.6);
    expect(n).toBeGreaterThan(30);
    for (let i = 0; i < before.length; i++) {
      if (r.target.color[i] === before[i]) continue;
      // Only under the floor's line, and only darker.
      expect(Math.floor(i / 120)).toBeGreaterThanOrEqual(row);
      expect(r.target.color[i]! & 0xff00).toBeLessThan(before[i]! & 0xff00);
    }
    // Lifted a full fade above the ground: nothing.
    r.target.color.set(before);
    expect(soleShadow(r, () => 0, 0, 0, SHADOW_FADE + 0.01, 0.6)).toBe(0);
  });
});
