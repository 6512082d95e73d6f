import type { Chain } from '../../ik/chain';
import type { Bone2D } from '../../scene/bone2d';
import { reachRing } from '../../ik/reach';
import type { TraceEvent } from '../../ik/solve-result';
import type { Vec2 } from '../../math/vec2';
import type { OverlayPainter, Paint } from '../../render/overlay-painter';

const TAU = Math.PI * 2;
const at = (p: ArrayLike<number>, i: number): Vec2 => ({ x: p[2 * i]!, y: p[2 * i + 1]! });

/** The words drawReach labels its circles with (a figure passes its description's). */
export interface ReachWords {
  reach: string;
  deadZone: string;
}
const REACH_WORDS: ReachWords = { reach: 'reach', deadZone: 'dead zone' };

/**
 * The two circles of seed 002 Figs. 2.1–2.2: how far the tip can reach, and the dead zone. Each
 * label is anchored on its circle (the placement pass keeps it off the chain and other labels).
 */
export function drawReach(
  p: OverlayPainter,
  chain: Chain,
  label = true,
  words: ReachWords = REACH_WORDS,
): void {
  const ring = reachRing(chain);
  const base = { x: chain.baseX, y: chain.baseY };
  p.circle(base, ring.outer, { color: 'muted', dash: 6, width: 1, alpha: 0.8 });
  if (label)
    p.text(
      words.reach,
      { x: base.x, y: base.y - ring.outer },
      { color: 'muted', offsetPx: { x: 4, y: -16 } },
    );
  if (ring.inner > 0) {
    p.circle(base, ring.inner, { color: 'target', width: 1, fill: 'target', fillAlpha: 0.08 });
    if (label)
      p.text(
        words.deadZone,
        { x: base.x, y: base.y + ring.inner },
        { color: 'target', offsetPx: { x: 4, y: 2 } },
      );
  }
}

/**
 * Each limited joint's allowed arc as a wedge on the joint it limits, on screen (the chain's
 * limits are already screen arcs). It is drawn on the bones as the tree shows them, root first:
 * while Step shows a sub-step they are that sub-step's, not the last solve's (the chain's own
 * arrays).
 */
export function drawLimits(p: OverlayPainter, chain: Chain, bones: readonly Bone2D[]): void {
  for (let i = 0; i < chain.count && i < bones.length; i++) {
    if (!chain.limited[i]) continue;
    const g = bones[i]!.globalTransform;
    const before = i > 0 ? bones[i - 1]!.globalTransform : null;
    // The limit is measured from the parent bone's direction: the bone drawn before this one.
    const prev = before ? Math.atan2(g.ty - before.ty, g.tx - before.tx) : chain.baseAngle;
    const from = prev + chain.limitMin[i]!;
    const span = (((chain.limitMax[i]! - chain.limitMin[i]!) % TAU) + TAU) % TAU || TAU;
    // A pie slice from the joint, so the range reads as the joint's own.
    JOINT.x = g.tx;
    JOINT.y = g.ty;
    p.wedgePx(JOINT, 26, from, from + span, {
      fill: 'pole',
      fillAlpha: 0.18,
      color: 'pole',
      alpha: 0.6,
    });
  }
}
const JOINT = { x: 0, y: 0 };

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
