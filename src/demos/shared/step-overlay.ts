import type { TraceEvent } from '../../ik/solve-result.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter, Paint } from '../../render/overlay-painter.ts';

/*
 * What a solver's sub-step draws over its chain while a student steps through it. Loaded with
 * the stepping engine (step-engine.ts): nothing here is drawn live.
 */

const TAU = Math.PI * 2;
const at = (p: ArrayLike<number>, i: number): Vec2 => ({ x: p[2 * i]!, y: p[2 * i + 1]! });

/**
 * The sub-step on show drawn over the chain of `count` bones: FABRIK's ghost mid-pass, CCD's
 * turn seen from its joint (`before`: the joints before that sub-step).
 */
export function drawSubStep(
  p: OverlayPainter,
  e: TraceEvent,
  count: number,
  target: Vec2,
  before: ArrayLike<number> | null,
): void {
  if (!e.valid) drawGhost(p, e, count);
  if (e.pass === 'turn') drawTurn(p, e, count, target, before);
}

/** FABRIK's working positions mid-pass: a dashed ghost chain, the moved joint ringed. */
export function drawGhost(
  p: OverlayPainter,
  e: TraceEvent,
  count: number,
  color: Paint = 'highlight',
): void {
  for (let i = 0; i < count; i++)
    p.line(at(e.positions, i), at(e.positions, i + 1), { color, dash: 5, width: 2 });
  for (let i = 0; i <= count; i++) p.dot(at(e.positions, i), 3, color);
  if (e.index >= 0 && e.index <= count) {
    p.arcPx(at(e.positions, e.index), 9, 0, TAU, { color, width: 2 });
  }
}

/**
 * CCD's view from the joint that just turned: the line to the target, the tip now on it, and
 * where the tip was before the turn, with the arc it swung through.
 */
export function drawTurn(
  p: OverlayPainter,
  e: TraceEvent,
  count: number,
  target: Vec2,
  before: ArrayLike<number> | null,
): void {
  const j = at(e.positions, e.index);
  const tip = at(e.positions, count);
  p.line(j, target, { color: 'target', dash: 4, alpha: 0.9 });
  p.line(j, tip, { color: 'accent', width: 1, alpha: 0.9 });
  p.arcPx(j, 12, 0, TAU, { color: 'highlight', width: 2 });
  if (!before || e.turn === 0) return;
  const old = at(before, count);
  p.line(j, old, { color: 'muted', dash: 3, width: 1 });
  p.dot(old, 4, 'muted');
  const from = Math.atan2(old.y - j.y, old.x - j.x);
  const r = Math.min(Math.hypot(old.x - j.x, old.y - j.y), 60);
  p.arc(j, r, from, from + e.turn, { color: 'highlight', width: 2, arrow: true });
}
