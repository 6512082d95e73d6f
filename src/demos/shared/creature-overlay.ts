import { toRadians } from '../../math/angles.ts';
import type { Vec2 } from '../../math/vec2.ts';
import { type Creature2D, LIFT_ON_SCREEN } from '../../procedural/creature/creature-2d.ts';
import { stepPoint } from '../../procedural/creature/step-arc.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';

/**
 * Seed 003's rules drawn where they act: the distance band round the body (walk towards the
 * target outside it, back off inside its inner circle), the turn wedge (turn when the target is
 * outside it), each foot's step circle round its home, steps in flight as their Bézier arcs with
 * the foot's shadow on the ground, and the look bone's allowed cone.
 */
export function drawCreatureGuides(
  p: OverlayPainter,
  c: Creature2D,
  target: Vec2,
  show: { band: boolean; wedge: boolean; steps: boolean },
): void {
  const u = c.unit;
  const at = c.position;
  const o = c.motion;
  const r = c.reading;
  if (show.band) {
    const outside = r.distance > o.maxDistance || r.distance < o.minDistance;
    p.circle(at, o.maxDistance * u, { color: 'accent', width: 1.5, alpha: 0.8 });
    p.circle(at, o.minDistance * u, { color: 'accent', width: 1.5, alpha: 0.8 });
    p.text(
      `${o.minDistance}`,
      { x: at.x, y: at.y - o.minDistance * u },
      { color: 'accent', size: 11 },
    );
    p.text(
      `${o.maxDistance}`,
      { x: at.x, y: at.y - o.maxDistance * u },
      { color: 'accent', size: 11 },
    );
    p.line(at, target, { color: outside ? 'target' : 'muted', width: 1.5, dash: outside ? 0 : 5 });
  }
  if (show.wedge) {
    const h = c.state.heading;
    const a = toRadians(o.maxAngle);
    const len = o.maxDistance * u;
    const points: Vec2[] = [at];
    for (let i = 0; i <= 12; i++) {
      const t = h - a + (2 * a * i) / 12;
      points.push({ x: at.x + Math.cos(t) * len, y: at.y + Math.sin(t) * len });
    }
    p.polygon(points, {
      color: r.turning ? 'pole' : 'muted',
      fill: r.turning ? 'pole' : 'muted',
      fillAlpha: 0.12,
      width: 1,
    });
  }
  if (show.steps) {
    for (const leg of c.legs) {
      const home = leg.home.globalPosition;
      const f = leg.foot;
      p.circle(home, c.step.maxStepDistance * u, { color: 'muted', width: 1, alpha: 0.5 });
      p.dot(home, 2.5, 'muted');
      if (!f.moving) continue;
      const arc: Vec2[] = [];
      const q = { x: 0, y: 0, z: 0 };
      for (let i = 0; i <= 16; i++) {
        stepPoint(f, i / 16, q);
        arc.push({ x: q.x, y: q.y - q.z * LIFT_ON_SCREEN });
      }
      p.polyline(arc, { color: 'accent', width: 1.5, dash: 3 });
      p.dot({ x: f.p2x, y: f.p2y }, 3.5, 'accent');
      p.dot({ x: f.x, y: f.y }, 4, 'muted');
    }
  }
  const bone = c.lookBone;
  if (bone) {
    const parent = bone.parent2D;
    // Creatures are never mirrored, so the rest direction on screen is parent's plus rest's.
    const rest = (parent ? parent.globalRotation : 0) + bone.rest.rotation;
    const a = toRadians(c.look.maxAngle);
    p.arcPx(bone.globalPosition, 46, rest - a, rest + a, { color: 'pole', width: 2, alpha: 0.7 });
  }
}
