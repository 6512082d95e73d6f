import type { SupportRule } from '../../walk3d/support-factor.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { ikWalkFigure } from './description.ts';
import type { IKWalkScene } from './scene.ts';

type Ui = FigureUi<typeof ikWalkFigure>;

const OPTIONS = ['ik', 'correctStrides', 'validateStrides', 'fastSolver', 'alignFeet'] as const;

/**
 * Lesson 15's switches: the walking system's options (IK, stride correction and validation,
 * the faster solver, feet flat on slopes) on every walker; the support rule (every walker reads
 * its clip again, and a rule a clip cannot be read by is refused, `refused` saying why); the
 * strider or the crowd; measuring the cost of IK; and clearing the statistics.
 */
export function bindOptions(ui: Ui, scene: IKWalkScene, refused: (message: string) => void) {
  const { stage, company, kind, cost } = scene;
  for (const o of OPTIONS) ui.on(o, (v) => company.each((w) => (w.options[o] = v)));
  ui.on('support', (v) => {
    const before = scene.support;
    scene.support = v as SupportRule;
    try {
      // Every walker reads its clip again (a clip may be refused under one rule only).
      stage.rebuild();
    } catch (e) {
      scene.support = before;
      ui.set('support', before);
      refused(ui.say('ruleRefused', { rule: v, why: (e as Error).message, before }));
      return;
    }
    scene.characterReplaced();
  });
  ui.on('second', (v) => {
    if (v && company.crowd.length) {
      company.setCrowd(false);
      ui.set('crowd', false);
    }
    company.setSecond(v);
  });
  ui.on('crowd', (on) => {
    company.setCrowd(on);
    if (on) ui.set('second', false);
  });
  ui.action('measureCost', () => {
    cost.start(() => {
      const w = kind.make(stage.rig, stage.terrain);
      kind.carry(stage.walker, w);
      w.walking = true;
      w.weight = 1;
      return w;
    });
    ui.readout('cost').set(cost.text);
  });
  ui.action('resetStats', () => {
    for (const s of Object.values(stage.walker.stats)) s.clear();
    scene.descents.clear();
  });
}
