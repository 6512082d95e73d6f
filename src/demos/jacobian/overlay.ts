import { tipMotion } from '../../ik/jacobian-steps';
import type { Vec2 } from '../../math/vec2';
import type { OverlayPainter, Paint } from '../../render/overlay-painter';
import type { WorldRect } from '../../render/viewport';
import type { FigureUi } from '../figure-ui';
import { num } from '../shared/format';
import type { jacobianFigure } from './description';
import { JACOBIAN_METHODS } from './meta';
import type { JacobianScene } from './scene';

type Ui = FigureUi<typeof jacobianFigure>;

/** Column arrows show where the tip goes if its joint turns by this much (0.25 rad ≈ 14°). */
export const COLUMN_SCALE = 0.25;
/** Step arrows longer than this are drawn cut short, with their true length written. */
const LONGEST = 260;
const COLORS: Record<(typeof JACOBIAN_METHODS)[number], Paint> = {
  transpose: 'series1',
  'pseudo-inverse': 'series3',
  dls: 'series2',
};
const LEGEND = {
  transpose: 'legendTranspose',
  'pseudo-inverse': 'legendPseudoInverse',
  dls: 'legendDls',
} as const;
const SUBSCRIPTS = '₁₂₃₄₅₆₇₈₉';
/** Pixels a label's centre sits beyond the arrow's head, along the arrow. */
const LABEL_GAP_PX = 16;

/**
 * An arrow from `from` along `d`, cut short past LONGEST. Its label (if any) is anchored at the
 * head and asked for just beyond it, along the arrow: arrows that point different ways ask for
 * different spots, and the placement pass moves apart the ones that still meet.
 */
function arrow(p: OverlayPainter, from: Vec2, d: Vec2, color: Paint, label: string, width = 2.5) {
  const len = Math.hypot(d.x, d.y);
  if (len < 1e-6) return;
  const k = len > LONGEST ? LONGEST / len : 1;
  const to = { x: from.x + d.x * k, y: from.y + d.y * k };
  p.line(from, to, { color, width, dash: k < 1 ? 5 : undefined });
  const ux = d.x / len;
  const uy = d.y / len;
  for (const s of [1, -1])
    p.line(
      to,
      { x: to.x - 10 * ux - 5 * s * uy, y: to.y - 10 * uy + 5 * s * ux },
      { color, width: 2.5 },
    );
  if (!label) return;
  // The painter asks for a label's top-left corner: about 7 × 16 px a character.
  const w = 7 * label.length;
  p.text(label, to, {
    color,
    offsetPx: { x: LABEL_GAP_PX * ux - w / 2, y: LABEL_GAP_PX * uy - 8 },
  });
}

/**
 * J's columns at the tip (grey, labelled J₁, J₂, J₃ at their heads), the line to the target,
 * the tip move J·Δθ each method asks for, and a legend pinned in the corner.
 */
export function drawJacobian(p: OverlayPainter, ui: Ui, scene: JacobianScene, corner: WorldRect) {
  // Positions and steps are as update() read them this frame.
  const { steps, n } = scene;
  const tip = scene.tip;
  for (let i = 0; i < n; i++) {
    const col = {
      x: steps.columns[2 * i]! * COLUMN_SCALE,
      y: steps.columns[2 * i + 1]! * COLUMN_SCALE,
    };
    const name = ui.say('column', { i: SUBSCRIPTS[i]! });
    const len = Math.hypot(col.x, col.y);
    arrow(
      p,
      tip,
      col,
      'muted',
      len > LONGEST ? ui.say('cutShort', { name, length: num(len, 0) }) : name,
    );
  }
  p.line(tip, scene.rig.target.globalPosition, { color: 'target', width: 1.5, dash: 4 });
  const motion = { x: 0, y: 0 };
  for (const m of JACOBIAN_METHODS) {
    tipMotion(steps.columns, scene.stepOf(m), motion);
    // The pseudo-inverse's arrow wide and underneath: DLS's often lies along it.
    arrow(p, tip, motion, COLORS[m], '', m === 'pseudo-inverse' ? 7 : 2.5);
  }
  // A legend in the corner: the arrows end close together near the target.
  const at = { x: corner.x, y: corner.y };
  JACOBIAN_METHODS.forEach((m, i) =>
    p.text(ui.say(LEGEND[m]), at, {
      color: COLORS[m],
      pinned: true,
      offsetPx: { x: 0, y: 22 * i },
    }),
  );
  p.text(ui.say('legendColumns'), at, { color: 'muted', pinned: true, offsetPx: { x: 0, y: 66 } });
}
