import type { CreaturePreset } from '../../procedural/creature/creature-presets.ts';
import { defineFigure } from '../define-figure.ts';
import { drawCreatureGuides } from '../shared/creature-overlay.ts';
import { Every, FORMULA_PERIOD } from '../shared/every.ts';
import { creatureFollowFigure } from './description.ts';
import { showFormulas, showReadouts } from './readouts.ts';
import { creatureFraming } from './framing.ts';
import { CreatureScene, type CreatureSettings, UNIT } from './scene.ts';
import { FollowView } from '../shared/follow-view.ts';

const FOLDED = new Set(['Legs', 'Homes', 'Knees', 'IK', 'CreatureFeet']);
const NUMBERS = [
  'minDistance',
  'maxDistance',
  'maxAngle',
  'maxStep',
  'stepDuration',
  'overshoot',
  'lookAngle',
] as const;

const pick = <K extends string>(o: Record<K, number>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Record<K, number>;

/**
 * Lesson 9: a creature that follows the target (seed 003 §5.4), top-down. RootMovement turns
 * and walks it within a distance band, each leg steps on its own Bézier arc, a head (or a
 * scorpion's sting) looks at the target within a maximum angle.
 */
export const creatureFollowDemo = defineFigure(creatureFollowFigure, (ui, params) => {
  const settings: CreatureSettings = { gait: params.gait, ...pick(params, NUMBERS) };
  const scene = new CreatureScene(params.creature as CreaturePreset, settings, {
    x: params.targetX,
    y: params.targetY,
  });
  for (const name of NUMBERS)
    ui.on(name, (v: number) => {
      settings[name] = v;
      scene.apply();
    });
  ui.on('gait', (v) => ((settings.gait = v), scene.apply()));
  ui.on('creature', (v) => scene.build(v as CreaturePreset));
  let guides = params.guides;
  ui.on('guides', (v) => (guides = v));
  const formulas = new Every(FORMULA_PERIOD);
  const framing = new FollowView(() => creatureFraming(scene, UNIT));

  return {
    root: scene.world,
    foldedInTree: (node) => FOLDED.has(node.name),
    onPointer(kind, at) {
      scene.destination = kind === 'up' ? null : at;
    },
    view: () => framing.rect,
    update(dt) {
      scene.update(dt);
      framing.follow(dt);
      showReadouts(ui, scene);
      if (formulas.tick(dt)) showFormulas(ui, scene, dt);
    },
    drawOverlay(p) {
      const show = { band: guides, wedge: guides, steps: guides };
      drawCreatureGuides(p, scene.creature, scene.target.globalPosition, show);
    },
    currentParams: () => ({
      targetX: Math.round(scene.target.position.x),
      targetY: Math.round(scene.target.position.y),
    }),
  };
});
