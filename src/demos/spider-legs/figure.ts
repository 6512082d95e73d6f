import type { LegCount } from '../../procedural/spider/spider-shape.ts';
import type { TerrainPreset } from '../../procedural/terrain/terrain-presets.ts';
import type { Node } from '../../scene/node.ts';
import { defineFigure } from '../define-figure.ts';
import { Every, FORMULA_PERIOD } from '../shared/every.ts';
import { FollowView } from '../shared/follow-view.ts';
import { SpiderScene } from '../shared/spider-scene.ts';
import { walkInput } from '../shared/walk-input.ts';
import { spiderLegsFigure } from './description.ts';
import { spiderBounds } from './framing.ts';
import { drawSpiders } from './overlay.ts';
import { SpiderReadouts, stepRule } from './readouts.ts';

/** Subtrees the scene panel shows folded: the legs, knees and IK nodes are many. */
const FOLDED = new Set([
  'FarSide',
  'NearSide',
  'Knees',
  'IK',
  'SpiderFeet',
  'Points',
  'BakedSpider',
]);

/**
 * Lesson 8: a procedural spider in a side view (seed 002 §3). Rays find the ground, feet step
 * past a threshold along an arc, the gait keeps one group planted, the body rides on the feet
 * (and sinks, its lifted feet dragging, when too few are down). A baked spider walks the same
 * ground for comparison, with live gap and slide figures. The view follows them, tight.
 */
export const spiderLegsDemo = defineFigure(spiderLegsFigure, (ui, params) => {
  const scene = new SpiderScene(
    params.terrain as TerrainPreset,
    Number(params.legs) as LegCount,
    params.start,
    params.baked,
  );
  const gait = scene.spider.gait;
  for (const k of ['stepThreshold', 'stepHeight', 'stepSpeed', 'walkSpeed'] as const) {
    gait[k] = params[k];
    ui.on(k, (v: number) => (scene.spider.gait[k] = v));
  }
  gait.gait = params.gait;
  scene.terrain.editable = params.editTerrain;
  let autopilot = params.autopilot;
  let debug = params.debug;

  const view = new FollowView(() => spiderBounds(scene));
  const world = { ...view.rect };
  const input = walkInput(ui.action, () => {
    autopilot = false;
    ui.set('autopilot', false);
  });
  ui.on('autopilot', (v) => (autopilot = v));
  ui.on('terrain', (v) => {
    scene.setTerrain(v as TerrainPreset, params.start);
    view.snap();
  });
  ui.on('legs', (v) => {
    const { min, max } = scene.spider.sRange;
    const at = (scene.spider.s - min) / (max - min || 1);
    scene.build(Number(v) as LegCount, at, scene.baked !== null);
  });
  ui.on('gait', (v) => (scene.spider.gait.gait = v));
  ui.on('baked', (v) => scene.setBaked(v));
  ui.on('debug', (v) => (debug = v));
  ui.on('editTerrain', (v) => (scene.terrain.editable = v));

  const readouts = new SpiderReadouts(ui);
  const formulas = new Every(FORMULA_PERIOD);

  return {
    root: scene.world,
    world,
    view: () => view.rect,
    onKey: (key, down) => input.key(key, down),
    foldedInTree: (node: Node) => FOLDED.has(node.name),
    update(dt) {
      scene.steer(input.direction, autopilot);
      scene.update(dt);
      view.follow(dt);
      readouts.show(scene);
      if (formulas.tick(dt)) ui.formula('step-rule').set(stepRule(ui, scene));
    },
    drawOverlay: (p) => drawSpiders(p, ui, scene, debug),
    currentParams: () => {
      // Where it stands now: the kit adds every control's value.
      const { min, max } = scene.spider.sRange;
      return { start: Math.round(((scene.spider.s - min) / (max - min || 1)) * 100) / 100 };
    },
  };
});
