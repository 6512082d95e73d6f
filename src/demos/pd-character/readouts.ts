import { DEG } from '../../math/angles.ts';
import { BODY_PLAN, ROOT_SPRING_MAX } from '../../physics/index.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import type { pdCharacterFigure } from './description.ts';
import type { PdCharacterScene } from './scene.ts';

type Ui = FigureUi<typeof pdCharacterFigure>;

/** What holds the character, in words, for the status readout. */
function holding(ui: Ui, scene: PdCharacterScene): string {
  const c = scene.character;
  if (c.mode === 'kinematic') return ui.say('kinematic');
  if (c.mode === 'ragdoll')
    return c.autoReason ? ui.say('ragdollLetGo', { reason: c.autoReason }) : ui.say('ragdoll');
  const root = c.settings.rootPolicy;
  if (root === 'pinned') return ui.say('pinned');
  if (root === 'spring')
    return ui.say('spring', { rate: num(c.settings.rootStrength * ROOT_SPRING_MAX, 1) });
  return ui.say(scene.fallen ? 'fell' : 'willFall');
}

/** What holds it, the worst joint error, and the plotted joint's m, gains and torque. */
export function showReadouts(ui: Ui, scene: PdCharacterScene): void {
  const c = scene.character;
  const status = holding(ui, scene);
  ui.readout('status').set(scene.restarted > 0 ? ui.say('restarted', { status }) : status);
  let worst = 0;
  for (let i = 1; i < c.error.length; i++) worst = Math.max(worst, Math.abs(c.error[i]!));
  const angle = num(worst * DEG, 1);
  ui.readout('error').set(
    c.saturationTime > 0
      ? ui.say('worstSaturated', { angle, time: num(c.saturationTime, 2) })
      : ui.say('worst', { angle }),
  );
  const t = c.tracker;
  const j = scene.plotted;
  ui.readout('gains-now').set(
    ui.say('plotted', {
      m: num(c.inertia.aboutJoint[j]!, 3),
      ks: num(t.ks[j]!, 1),
      kd: num(t.kd[j]!, 1),
      tau: num(t.torque[j]!, 1),
    }),
  );
}

/** The PD law at the plotted joint with its numbers, and the manual gains (a few times a second). */
export function showSlowly(ui: Ui, scene: PdCharacterScene): void {
  const c = scene.character;
  const t = c.tracker;
  const j = scene.plotted;
  ui.formula('pd-law').set(
    `\\tau = k_s(\\hat\\theta-\\theta) + k_d(\\hat\\omega-\\omega) = ${tex(t.ks[j]!, 0)}\\cdot(${tex(c.error[j]! * DEG, 1)}^\\circ) + ${tex(t.kd[j]!, 1)}\\cdot(\\hat\\omega-\\omega) = ${tex(t.torque[j]!, 1)}\\,\\text{N·m}`,
  );
  ui.readout('manual-gains').set(manualGains(ui, scene.manualKs, scene.manualKd));
}

/** The manual gains: one pair when every joint has the same, else each joint's. */
function manualGains(ui: Ui, ks: Float64Array, kd: Float64Array): string {
  const same =
    ks.every((v, i) => i === 0 || v === ks[1]) && kd.every((v, i) => i === 0 || v === kd[1]);
  if (same) return ui.say('everyJoint', { ks: num(ks[1]!, 0), kd: num(kd[1]!, 0) });
  return BODY_PLAN.slice(1)
    .map((l, i) =>
      ui.say('eachJoint', { joint: l.name, ks: num(ks[i + 1]!, 0), kd: num(kd[i + 1]!, 0) }),
    )
    .join(', ');
}
