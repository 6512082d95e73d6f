import { bothGroupsLifted } from '../../procedural/spider/leg-state';
import type { LegCount } from '../../procedural/spider/spider-shape';
import { TERRAIN_PRESETS, type TerrainPreset } from '../../procedural/terrain/terrain-presets';
import type { Node } from '../../scene/node';
import { LEGS, PARAMS, spiderLegsMeta } from './meta';
import { defineDemo } from '../contract';
import { deg, num, tex } from '../shared/format';
import { paramSlider } from '../shared/param-slider';
import { drawBakedGaps, drawSpiderDebug, label } from '../shared/spider-overlay';
import { Every, FORMULA_PERIOD } from '../shared/every';
import { FollowView } from '../shared/follow-view';
import { GROUND_SPAN, SpiderScene } from '../shared/spider-scene';
import { WALK_ACTIONS, WALK_KEY_HELP, walkInput } from '../shared/walk-input';

/** Subtrees the scene panel shows folded: the legs, knees and IK nodes are many. */
const FOLDED = new Set(['FarSide', 'NearSide', 'Knees', 'IK', 'SpiderFeet', 'Points']);

/** Lesson 8's settings: a URL, a lesson block or the sliders set them. */

/**
 * Lesson 8: a procedural spider in a side view (seed 002 §3). Rays find the ground, feet step
 * past a threshold along an arc, the gait keeps one group planted, the body follows the feet.
 * A baked spider walks the same ground for comparison, with live gap and slide figures.
 */
/** The figure's view with the spider at its start on flat ground. */
const HOME = { x: -520, y: -185, width: 1040, height: 640 };

export const spiderLegsDemo = defineDemo({
  ...spiderLegsMeta,
  create({ controls }, params) {
    const scene = new SpiderScene(
      params.terrain as TerrainPreset,
      Number(params.legs) as LegCount,
      params.start,
      params.baked,
    );
    const gait = scene.spider.gait;
    gait.stepThreshold = params.stepThreshold;
    gait.stepHeight = params.stepHeight;
    gait.stepSpeed = params.stepSpeed;
    gait.walkSpeed = params.walkSpeed;
    gait.gait = params.gait;
    scene.terrain.editable = params.editTerrain;
    let autopilot = params.autopilot;
    let debug = params.debug;
    let legs = params.legs;
    let terrain = params.terrain;

    const view = new FollowView(HOME, GROUND_SPAN, () => scene.spider.position);
    const autopilotToggle = controls.toggle({
      id: 'autopilot',
      label: 'Walk on its own',
      value: autopilot,
      onChange: (v) => (autopilot = v),
    });
    const input = walkInput(
      (name: keyof typeof WALK_ACTIONS, onHold: (down: boolean) => void) =>
        controls.holdButton({
          id: name,
          ...WALK_ACTIONS[name],
          title: WALK_ACTIONS[name].help,
          onHold,
        }),
      () => {
        autopilot = false;
        autopilotToggle.set(false);
      },
    );
    controls.choice({
      id: 'terrain',
      label: 'Ground',
      options: TERRAIN_PRESETS,
      value: params.terrain,
      onChange: (v) => {
        terrain = v;
        scene.setTerrain(v as TerrainPreset, params.start);
        view.snap();
      },
    });
    controls.choice({
      id: 'legs',
      label: 'Legs',
      options: LEGS,
      value: legs,
      onChange: (v) => {
        legs = v as (typeof LEGS)[number];
        const { min, max } = scene.spider.sRange;
        scene.build(
          Number(v) as LegCount,
          (scene.spider.s - min) / (max - min || 1),
          scene.baked !== null,
        );
      },
    });
    controls.toggle({
      id: 'gait',
      label: 'Gait',
      value: gait.gait,
      onChange: (v) => (scene.spider.gait.gait = v),
    });
    controls.toggle({
      id: 'baked',
      label: 'Baked spider',
      value: params.baked,
      onChange: (v) => scene.setBaked(v),
    });
    controls.toggle({
      id: 'debug',
      label: 'Rays and hits',
      value: debug,
      onChange: (v) => (debug = v),
    });
    controls.toggle({
      id: 'editTerrain',
      label: 'Edit the ground',
      value: params.editTerrain,
      onChange: (v) => (scene.terrain.editable = v),
    });
    const slider = (id: 'stepThreshold' | 'stepHeight' | 'stepSpeed' | 'walkSpeed') =>
      paramSlider(
        controls,
        id,
        PARAMS[id],
        scene.spider.gait[id],
        (v) => (scene.spider.gait[id] = v),
      );
    slider('stepThreshold');
    slider('stepHeight');
    slider('stepSpeed');
    slider('walkSpeed');

    const rule = controls.formula({ id: 'step-rule' });
    const formulas = new Every(FORMULA_PERIOD);
    const air = controls.readout({ id: 'in-air', label: 'Feet in the air' });
    const both = controls.readout({ id: 'both-lifted', label: 'Frames with both groups lifted' });
    const body = controls.readout({ id: 'body', label: 'Body: x, tilt' });
    const ikGap = controls.readout({
      id: 'ik-gap',
      label: 'IK spider: planted feet off the ground (mean)',
    });
    const ikSlide = controls.readout({
      id: 'ik-slide',
      label: 'IK spider: planted feet sliding (typical, last 2 s)',
    });
    const bakedGap = controls.readout({
      id: 'baked-gap',
      label: 'Baked spider: planted feet off the ground (mean)',
    });
    const bakedSlide = controls.readout({
      id: 'baked-slide',
      label: 'Baked spider: planted feet sliding (typical, last 2 s)',
    });
    let bothLifted = 0;

    return {
      root: scene.world,
      world: HOME,
      view: () => view.rect,
      keyHelp: WALK_KEY_HELP,
      onKey: (key, down) => input.key(key, down),
      foldedInTree: (node: Node) => FOLDED.has(node.name) || node.name === 'BakedSpider',
      update(dt) {
        scene.steer(input.direction, autopilot);
        scene.update(dt);
        view.follow(dt);
        const spider = scene.spider;
        if (bothGroupsLifted(spider.legs)) bothLifted++;
        const up = spider.legs.filter((l) => !l.grounded);
        air.set(
          `${up.length} of ${spider.legs.length}${up.length ? ` (${up.map((l) => l.plan.name).join(', ')})` : ''}`,
        );
        both.set(String(bothLifted));
        body.set(`${num(spider.position.x)}, ${deg(spider.rotation)}`);
        ikGap.set(`${num(scene.ikMeter.gap, 2)} units`);
        ikSlide.set(`${num(scene.ikMeter.slide, 1)} units/s`);
        bakedGap.set(scene.baked ? `${num(scene.bakedMeter.gap, 2)} units` : 'hidden');
        bakedSlide.set(scene.baked ? `${num(scene.bakedMeter.slide, 1)} units/s` : 'hidden');
        if (!formulas.tick(dt)) return;
        const l1 = spider.legs[0]!;
        const d = Math.hypot(l1.footX - l1.hitX, l1.footY - l1.hitY);
        const g = spider.gait;
        rule.set(
          l1.grounded
            ? `\\lvert f_{${l1.plan.name}} - h_{${l1.plan.name}} \\rvert = ${tex(d)} ${d > g.stepThreshold ? '>' : '\\le'} d_{\\text{step}} = ${tex(g.stepThreshold)} \\Rightarrow \\text{${d > g.stepThreshold ? 'step (when the other group stands)' : 'stay planted'}}`
            : `\\text{${l1.plan.name} in the air: } t = ${tex(l1.t, 2)},\\; \\text{lift} = ${tex(g.stepHeight)} \\sin(\\pi t) = ${tex(g.stepHeight * Math.sin(Math.PI * l1.t))}`,
        );
      },
      drawOverlay(p) {
        if (debug) drawSpiderDebug(p, scene.spider);
        label(p, 'IK', scene.spider.position);
        if (scene.baked && scene.lane) {
          drawBakedGaps(p, scene.baked, scene.lane.ground);
          label(p, 'baked', scene.baked.position);
        }
      },
      currentParams: () => {
        const { min, max } = scene.spider.sRange;
        const g = scene.spider.gait;
        return {
          terrain,
          legs,
          stepThreshold: g.stepThreshold,
          stepHeight: g.stepHeight,
          stepSpeed: g.stepSpeed,
          walkSpeed: g.walkSpeed,
          gait: g.gait,
          baked: scene.baked !== null,
          debug,
          editTerrain: scene.terrain.editable,
          autopilot,
          start: Math.round(((scene.spider.s - min) / (max - min || 1)) * 100) / 100,
        };
      },
    };
  },
});
