import type { Vec2 } from '../../math/vec2';
import type { Press } from '../../procedural/reach/press-sequence';
import type { ReachScene } from '../../procedural/reach/reach-scene';
import type { OverlayPainter } from '../../render/overlay-painter';

/** Where the baked finger pressed, against the button it should have. */
export interface BakedMark {
  at: Vec2;
  aim: Vec2;
  press: Press;
}

/** The buttons' numbers, the baked arm's misses, and the IK arm's target while it is on. */
export function drawReach(
  p: OverlayPainter,
  scene: ReachScene,
  marks: readonly BakedMark[] | null,
): void {
  // Each number on its own button's face (pinned: the buttons never overlap).
  scene.panel.aims.forEach((aim, i) => {
    p.text(String(i + 1), aim.globalPosition, {
      color: 'text',
      size: 14,
      offsetPx: { x: -4, y: -9 },
      pinned: true,
    });
  });
  if (marks) drawBakedMisses(p, marks);
  const t = scene.character.handTarget.globalPosition;
  if (scene.character.ik.enabled) p.dot(t, 4, 'target');
}

/** Where the baked finger pressed, against where it should have: a red cross and the miss. */
function drawBakedMisses(p: OverlayPainter, marks: readonly BakedMark[]): void {
  for (const m of marks) {
    if (m.press.hit) continue;
    const s = 6;
    p.line(
      { x: m.at.x - s, y: m.at.y - s },
      { x: m.at.x + s, y: m.at.y + s },
      { color: 'target', width: 2.5 },
    );
    p.line(
      { x: m.at.x - s, y: m.at.y + s },
      { x: m.at.x + s, y: m.at.y - s },
      { color: 'target', width: 2.5 },
    );
    p.line(m.at, m.aim, { color: 'target', width: 1, dash: 3 });
  }
}
