import { tipMotion } from '../../ik/jacobian-steps.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter, Paint } from '../../render/overlay-painter.ts';
import type { WorldRect } from '../../render/viewport.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num } from '../shared/format.ts';
import type { jacobianFigure } from './description.ts';
import { JACOBIAN_METHODS } from './meta.ts';
import type { JacobianScene } from './scene.ts';

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
/** The arc of the joint whose (Jᵀe)ᵢ is largest sweeps this much (radians). */
const GRADIENT_SWEEP = (70 * Math.PI) / 180;
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

/** J's columns at the tip, grey, labelled J₁, J₂, J₃ at their heads. */
function drawColumns(p: OverlayPainter, ui: Ui, scene: JacobianScene) {
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
}

/**
 * Jᵀe at the joints: an arc at each joint, turning the way that takes the tip downhill, its
 * sweep in proportion to (Jᵀe)ᵢ (the largest sweeps 70°), labelled with its value.
 */
function drawGradient(p: OverlayPainter, ui: Ui, scene: JacobianScene) {
  const { n, positions: P } = scene;
  const gradient = scene.steps.gradient;
  const tip = scene.tip;
  let biggest = 0;
  for (let i = 0; i < n; i++) biggest = Math.max(biggest, Math.abs(gradient[i]!));
  if (biggest < 1e-9) return;
  for (let i = 0; i < n; i++) {
    const g = gradient[i]!;
    const at = { x: P[2 * i]!, y: P[2 * i + 1]! };
    // Start the arc on the line from the joint to the tip: it is the tip that swings.
    const from = Math.atan2(tip.y - at.y, tip.x - at.x);
    const sweep = (g / biggest) * GRADIENT_SWEEP;
    const r = 44 + 10 * i;
    p.arcPx(at, r, from, from + sweep, { color: 'series1', width: 3, arrow: true });
    p.text(ui.say('gradientAt', { i: SUBSCRIPTS[i]!, value: num(g, 0) }), at, {
      color: 'series1',
      offsetPx: { x: r * Math.cos(from + sweep) + 6, y: r * Math.sin(from + sweep) - 8 },
    });
  }
}

/**
 * J's two directions at the tip: the ellipse of tip moves that 0.25 rad of turning (as one
 * length) can make, its half-axes σ₁u₁ and σ₂u₂, and the error split along u₁ and u₂.
 */
function drawDirections(p: OverlayPainter, ui: Ui, scene: JacobianScene) {
  const { steps } = scene;
  const tip = scene.tip;
  const [s1, s2] = steps.sigma;
  const c = Math.cos(steps.direction);
  const s = Math.sin(steps.direction);
  const ring: Vec2[] = [];
  for (let k = 0; k < 48; k++) {
    const a = (k / 48) * 2 * Math.PI;
    const [x, y] = [s1 * Math.cos(a) * COLUMN_SCALE, s2 * Math.sin(a) * COLUMN_SCALE];
    ring.push({ x: tip.x + c * x - s * y, y: tip.y + s * x + c * y });
  }
  p.polygon(ring, { color: 'muted', width: 1.5, fill: 'muted', fillAlpha: 0.08 });
  for (const [k, sigma, ux, uy] of [
    [1, s1, c, s],
    [2, s2, -s, c],
  ] as const) {
    const d = { x: ux * sigma * COLUMN_SCALE, y: uy * sigma * COLUMN_SCALE };
    arrow(p, tip, d, 'muted', ui.say('direction', { k: SUBSCRIPTS[k - 1]!, sigma: num(sigma, 1) }));
  }
  // The error, split: first along u₁, then along u₂, to the target.
  const t = scene.rig.target.globalPosition;
  const along1 = (t.x - tip.x) * c + (t.y - tip.y) * s;
  const corner = { x: tip.x + along1 * c, y: tip.y + along1 * s };
  p.line(tip, corner, { color: 'target', width: 1.5, dash: 3 });
  p.line(corner, t, { color: 'target', width: 1.5, dash: 3 });
}

/**
 * What the figure's *Draw on the arm* asks for, the line to the target, the tip move J·Δθ each
 * method asks for (and the chosen one as the solver's clamp leaves it), and a legend pinned in
 * the corner.
 */
export function drawJacobian(
  p: OverlayPainter,
  ui: Ui,
  scene: JacobianScene,
  corner: WorldRect,
  view: { show: string; method: string; clamp: boolean },
) {
  // Positions and steps are as update() read them this frame.
  const { steps } = scene;
  const tip = scene.tip;
  if (view.show === 'gradient') drawGradient(p, ui, scene);
  else if (view.show === 'directions') drawDirections(p, ui, scene);
  else drawColumns(p, ui, scene);
  if (view.show !== 'directions')
    p.line(tip, scene.rig.target.globalPosition, { color: 'target', width: 1.5, dash: 4 });
  const motion = { x: 0, y: 0 };
  for (const m of JACOBIAN_METHODS) {
    tipMotion(steps.columns, scene.stepOf(m), motion);
    // The pseudo-inverse's arrow wide and underneath: DLS's often lies along it.
    arrow(p, tip, motion, COLORS[m], '', m === 'pseudo-inverse' ? 7 : 2.5);
  }
  const k = view.clamp ? scene.clampScale(view.method) : 1;
  const clamped = k < 1;
  if (clamped) {
    tipMotion(steps.columns, scene.stepOf(view.method), motion);
    arrow(p, tip, { x: motion.x * k, y: motion.y * k }, 'series4', '', 4);
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
  const last =
    view.show === 'gradient'
      ? 'legendGradient'
      : view.show === 'directions'
        ? 'legendDirections'
        : 'legendColumns';
  p.text(ui.say(last), at, { color: 'muted', pinned: true, offsetPx: { x: 0, y: 66 } });
  if (clamped)
    p.text(ui.say('legendClamped'), at, {
      color: 'series4',
      pinned: true,
      offsetPx: { x: 0, y: 88 },
    });
}
