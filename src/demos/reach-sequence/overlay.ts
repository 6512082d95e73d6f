import type { Vec2 } from '../../math/vec2.ts';
import type { Press } from '../../procedural/reach/press-sequence.ts';
import type { ReachScene } from '../../procedural/reach/reach-scene.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';

/** Where the baked finger pressed, against the button it should have. */
export interface BakedMark {
  at: Vec2;
  aim: Vec2;
  press: Press;
}

/** How long a pressed button stays lit (s). */
const LIT = 0.5;

/**
 * What the last sequence left on show: lit buttons, the baked arm's crosses. Anything that
 * moves or rebuilds the scene makes them stale (`forget`).
 */
export class PressMarks {
  private readonly lit = new Map<number, number>();
  bakedMarks: BakedMark[] = [];
  private seen = { ik: 0, baked: 0 };

  constructor(private readonly scene: ReachScene) {}

  forget(): void {
    this.lit.clear();
    this.bakedMarks = [];
    this.seen = { ik: this.scene.ik.presses.length, baked: this.scene.baked.presses.length };
  }

  /** New presses light their buttons; the baked arm's mark where its finger went. */
  update(dt: number): void {
    const { scene, lit, seen } = this;
    for (const [n, t] of lit) lit.set(n, t - dt);
    const ik = scene.ik.presses;
    for (; seen.ik < ik.length; seen.ik++) if (ik[seen.ik]!.hit) lit.set(ik[seen.ik]!.button, LIT);
    const baked = scene.baked.presses;
    for (; seen.baked < baked.length; seen.baked++) {
      const p = baked[seen.baked]!;
      if (p.hit) lit.set(p.button, LIT);
      const aim = scene.panel.aimOf(p.button);
      if (aim) this.bakedMarks.push({ at: scene.character.baked.tip, aim, press: p });
    }
    scene.panel.buttons.forEach(
      (b, i) => (b.color = (lit.get(i + 1) ?? 0) > 0 ? 'accent' : 'bone'),
    );
  }
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
