import { toDegrees } from '../../math/angles';
import { Marker2D } from '../../scene/marker2d';
import { processTree } from '../../scene/node';
import { Node2D } from '../../scene/node2d';
import { Bone2D } from '../../scene/bone2d';
import { atan2QuadrantsMeta, METHODS } from './meta';
import { defineDemo } from '../contract';
import { deg, num, tex } from '../shared/format';

/** Which quadrant (1–4, counted the screen way: +x right, +y down) a vector lies in. */
export function quadrant(x: number, y: number): string {
  if (x === 0 && y === 0) return 'none (on the joint)';
  if (x === 0 || y === 0) return 'on an axis';
  if (x > 0) return y > 0 ? 'I (x > 0, y > 0)' : 'IV (x > 0, y < 0)';
  return y > 0 ? 'II (x < 0, y > 0)' : 'III (x < 0, y < 0)';
}

/**
 * Lesson 2: the angle to a point, the seed's worked example (joint (25, 10), point (50, 30) →
 * 38.66°). atan(y/x) only knows the slope, so it answers for the wrong half of the circle when
 * x < 0; atan2(y, x) keeps the quadrant (seed 001 §1).
 */
export const atan2QuadrantsDemo = defineDemo({
  ...atan2QuadrantsMeta,
  create({ controls }, params) {
    const root = new Node2D('World');
    const joint = root.addChild(new Bone2D('Joint', 18));
    joint.position = { x: 25, y: 10 };
    const point = root.addChild(new Marker2D('Point', 'target'));
    point.position = { x: params.pointX, y: params.pointY };
    let method: string = params.method;

    controls.choice({
      id: 'method',
      label: 'The bone aims with',
      options: METHODS,
      value: method,
      onChange: (v) => (method = v),
    });
    const relative = controls.readout({ id: 'relative', label: 'relative = point − joint' });
    const quad = controls.readout({ id: 'quadrant', label: 'Quadrant' });
    const atanOut = controls.readout({ id: 'atan', label: 'atan(y / x)' });
    const atan2Out = controls.readout({ id: 'atan2', label: 'atan2(y, x)' });
    const boneAngle = controls.readout({ id: 'bone-angle', label: 'Bone rotation' });
    const formula = controls.formula({ id: 'tan' });

    const rel = () => {
      const p = point.globalPosition;
      const j = joint.globalPosition;
      return { x: p.x - j.x, y: p.y - j.y };
    };
    // atan's answer; x = 0 gives ±90° (atan(±∞)) and 0/0 gives no angle, so we keep the last one.
    const atanAngle = (x: number, y: number) =>
      x === 0 && y === 0 ? joint.rotation : Math.atan(y / x);

    return {
      root,
      world: { x: -45, y: -45, width: 140, height: 110 },
      update(dt) {
        processTree(root, dt);
        const r = rel();
        joint.rotation =
          method === 'atan'
            ? atanAngle(r.x, r.y)
            : r.x === 0 && r.y === 0
              ? joint.rotation
              : Math.atan2(r.y, r.x);
        relative.set(`(${num(r.x)}, ${num(r.y)})`);
        quad.set(quadrant(r.x, r.y));
        atanOut.set(deg(atanAngle(r.x, r.y), 2));
        atan2Out.set(deg(Math.atan2(r.y, r.x), 2));
        boneAngle.set(deg(joint.rotation, 2));
        const a2 = toDegrees(Math.atan2(r.y, r.x));
        formula.set(
          `\\tan\\theta = \\frac{y}{x} = \\frac{${tex(r.y)}}{${tex(r.x)}}` +
            `\\qquad \\operatorname{atan2}(${tex(r.y)},\\,${tex(r.x)}) = ${tex(a2, 2)}^\\circ`,
        );
      },
      drawOverlay(p) {
        const j = joint.globalPosition;
        const r = rel();
        const a2 = Math.atan2(r.y, r.x);
        const a1 = atanAngle(r.x, r.y);
        p.line(j, { x: j.x + 60, y: j.y }, { color: 'axis', dash: 2 });
        p.line(j, point.globalPosition, { color: 'target', dash: 3 });
        p.line(j, { x: point.globalPosition.x, y: j.y }, { color: 'muted', alpha: 0.6 });
        p.line({ x: point.globalPosition.x, y: j.y }, point.globalPosition, {
          color: 'muted',
          alpha: 0.6,
        });
        p.text(
          `x = ${num(r.x)}`,
          { x: j.x + r.x / 2, y: j.y },
          { color: 'muted', offsetPx: { x: -16, y: r.y >= 0 ? -18 : 4 } },
        );
        p.text(`y = ${num(r.y)}`, { x: j.x + r.x, y: j.y + r.y / 2 }, { color: 'muted' });
        p.arcPx(j, 34, 0, a2, { color: 'accent', arrow: true });
        p.text(`atan2 ${deg(a2, 1)}`, j, { color: 'accent', offsetPx: { x: -30, y: 40 } });
        if (Math.abs(a1 - a2) > 1e-6) {
          p.arcPx(j, 48, 0, a1, { color: 'focus', arrow: true });
          p.text(`atan ${deg(a1, 1)}`, j, { color: 'focus', offsetPx: { x: -30, y: 56 } });
        }
      },
      currentParams: () => ({
        method,
        pointX: Math.round(point.position.x),
        pointY: Math.round(point.position.y),
      }),
    };
  },
});
