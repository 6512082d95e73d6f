import { toDegrees } from '../../math/angles';
import type { Vec2 } from '../../math/vec2';
import { buildCreature } from '../../procedural/creature/build-creature';
import type { Creature2D } from '../../procedural/creature/creature-2d';
import { CREATURE_PRESETS, type CreaturePreset } from '../../procedural/creature/creature-presets';
import { approach } from '../../procedural/smoothing';
import { Marker2D } from '../../scene/marker2d';
import { processTree } from '../../scene/node';
import { Node2D } from '../../scene/node2d';
import { creatureFollowMeta, PARAMS, WORLD } from './meta';
import { defineDemo } from '../contract';
import type { NumberParam } from '../params';
import { deg, num, tex } from '../shared/format';
import { paramSlider } from '../shared/param-slider';
import { drawCreatureGuides } from '../shared/creature-overlay';
import { Every, FORMULA_PERIOD } from '../shared/every';

/** Scene units per seed unit: the seed's 5 and 7.5 become 150 and 225 on the canvas. */
const UNIT = 30;
/** How fast the target eases towards where the pointer holds it (seed 003's PlayerInput). */
const TARGET_EASE = 6;
const FOLDED = new Set(['Legs', 'Homes', 'Knees', 'IK', 'CreatureFeet']);

/** Lesson 9's settings: a URL, a lesson block or the sliders set them. */

/**
 * Lesson 9: a creature that follows the target (seed 003 §5.4), top-down. RootMovement turns
 * and walks it within a distance band, each leg steps on its own Bézier arc, a head (or a
 * scorpion's sting) looks at the target within a maximum angle.
 */
export const creatureFollowDemo = defineDemo({
  ...creatureFollowMeta,
  create({ controls }, params) {
    const world = new Node2D('World');
    const target = world.addChild(new Marker2D('Target', 'target'));
    target.position = { x: params.targetX, y: params.targetY };
    let preset = params.creature as CreaturePreset;
    let creature!: Creature2D;
    let guides = params.guides;
    const settings = {
      minDistance: params.minDistance,
      maxDistance: params.maxDistance,
      maxAngle: params.maxAngle,
      maxStep: params.maxStep,
      stepDuration: params.stepDuration,
      overshoot: params.overshoot,
      lookAngle: params.lookAngle,
      gait: params.gait,
    };
    const apply = () => {
      creature.motion.minDistance = settings.minDistance;
      // Not clamped above min: a band turned inside out is worth seeing (lesson 9, Try this).
      creature.motion.maxDistance = settings.maxDistance;
      creature.motion.maxAngle = settings.maxAngle;
      creature.step.maxStepDistance = settings.maxStep;
      creature.step.stepDuration = settings.stepDuration;
      creature.step.stepRangeFraction = settings.overshoot;
      creature.look.maxAngle = settings.lookAngle;
      creature.gait = settings.gait;
    };
    const build = () => {
      const at = creature ? creature.position : { x: -200, y: 80 };
      const heading = creature ? creature.state.heading : 0;
      if (creature) {
        world.removeChild(creature);
        const feet = world.getNode(`${creature.name}Feet`);
        if (feet) world.removeChild(feet);
      }
      creature = buildCreature(world, preset, UNIT, target);
      creature.bounds = {
        minX: WORLD.x + 60,
        maxX: WORLD.x + WORLD.width - 60,
        minY: WORLD.y + 60,
        maxY: WORLD.y + WORLD.height - 60,
      };
      apply();
      creature.placeAt(at.x, at.y, heading);
    };
    build();

    controls.choice({
      id: 'creature',
      label: 'Creature',
      options: CREATURE_PRESETS,
      value: preset,
      onChange: (v) => {
        preset = v as CreaturePreset;
        build();
      },
    });
    const slider = (id: keyof typeof settings & keyof typeof PARAMS, unit = '') =>
      paramSlider(
        controls,
        id,
        PARAMS[id] as NumberParam,
        settings[id] as number,
        (v) => {
          (settings[id] as number) = v;
          apply();
        },
        unit,
      );
    slider('minDistance');
    slider('maxDistance');
    slider('maxAngle', '°');
    slider('maxStep');
    slider('stepDuration', ' s');
    slider('overshoot');
    slider('lookAngle', '°');
    controls.toggle({
      id: 'gait',
      label: 'Diagonal legs take turns',
      value: settings.gait,
      onChange: (v) => {
        settings.gait = v;
        apply();
      },
    });
    controls.toggle({
      id: 'guides',
      label: 'Band, wedge and steps',
      value: guides,
      onChange: (v) => (guides = v),
    });

    const smoothing = controls.formula({ id: 'smoothing' });
    const rule = controls.formula({ id: 'rule' });
    const formulas = new Every(FORMULA_PERIOD);
    const doing = controls.readout({ id: 'doing', label: 'What it does' });
    const distance = controls.readout({ id: 'distance', label: 'Distance to the target' });
    const angle = controls.readout({ id: 'angle', label: 'Target off its heading' });
    const steps = controls.readout({ id: 'steps', label: 'Steps taken' });
    const look = controls.readout({ id: 'look', label: 'Look bone turned from rest' });

    // Where the pointer holds the target (null: not held). The target eases there.
    let destination: Vec2 | null = null;
    let lastSet = target.position;

    return {
      root: world,
      world: WORLD,
      foldedInTree: (node) => FOLDED.has(node.name),
      onPointer(kind, at) {
        destination = kind === 'up' ? null : at;
      },
      update(dt) {
        // The target handle was dragged (or moved by keys): that is where it is now.
        const now = target.position;
        if (now.x !== lastSet.x || now.y !== lastSet.y) destination = null;
        if (destination) {
          target.setPosition(
            approach(now.x, destination.x, TARGET_EASE, dt),
            approach(now.y, destination.y, TARGET_EASE, dt),
          );
        }
        lastSet = target.position;
        processTree(world, dt);
        const r = creature.reading;
        const m = creature.motion;
        doing.set(
          [
            r.turning ? `turning ${r.angle > 0 ? 'right' : 'left'}` : '',
            r.walking > 0 ? 'walking towards it' : r.walking < 0 ? 'backing away' : '',
          ]
            .filter(Boolean)
            .join(', ') || 'standing',
        );
        distance.set(`${num(r.distance, 2)} units (band ${m.minDistance} to ${m.maxDistance})`);
        angle.set(`${deg(r.angle)} (wedge ±${m.maxAngle}°)`);
        steps.set(String(creature.legs.reduce((n, l) => n + l.foot.steps, 0)));
        const bone = creature.lookBone!;
        look.set(deg(bone.rotation - bone.rest.rotation));
        if (!formulas.tick(dt)) return;
        const a = creature.walkFactor(dt);
        smoothing.set(
          `v \\leftarrow v + (v_{\\text{goal}} - v)\\,(1 - e^{-k\\,\\Delta t}) \\qquad 1 - e^{-${tex(m.movementAccel)} \\cdot ${tex(dt, 4)}} = ${tex(a, 4)}`,
        );
        const ang = Math.abs(toDegrees(r.angle));
        rule.set(
          `\\lvert \\theta \\rvert = ${tex(ang)}^\\circ ${ang > m.maxAngle ? '>' : '\\le'} ${tex(m.maxAngle)}^\\circ \\qquad d = ${tex(r.distance, 2)} ${
            r.distance > m.maxDistance
              ? `> ${tex(m.maxDistance)}`
              : r.distance < m.minDistance
                ? `< ${tex(m.minDistance)}`
                : `\\in [${tex(m.minDistance)}, ${tex(m.maxDistance)}]`
          }`,
        );
      },
      drawOverlay(p) {
        drawCreatureGuides(p, creature, target.globalPosition, {
          band: guides,
          wedge: guides,
          steps: guides,
        });
      },
      currentParams: () => ({
        creature: preset,
        minDistance: settings.minDistance,
        maxDistance: settings.maxDistance,
        maxAngle: settings.maxAngle,
        maxStep: settings.maxStep,
        stepDuration: settings.stepDuration,
        overshoot: settings.overshoot,
        lookAngle: settings.lookAngle,
        gait: settings.gait,
        guides,
        targetX: Math.round(target.position.x),
        targetY: Math.round(target.position.y),
      }),
    };
  },
});
