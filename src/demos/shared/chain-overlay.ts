import type { Chain } from '../../ik/chain.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { reachRing } from '../../ik/reach.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';

const TAU = Math.PI * 2;

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
const JOINT = { x: 0, y: 0 };

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
