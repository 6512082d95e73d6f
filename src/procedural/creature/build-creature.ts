import { TwoBoneIK2D } from '../../ik/two-bone-ik-2d.ts';
import type { Vec2 } from '../../math/vec2.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import { Polygon2D } from '../../scene/polygon2d.ts';
import { Creature2D } from './creature-2d.ts';
import { type BoneChainPlan, planCreature, type CreaturePreset } from './creature-presets.ts';
import { newFootStep } from './step-arc.ts';

/**
 * Lays out a creature's nodes in `world`, as seed 003 places them:
 *
 *     Creature (Creature2D: the body; process() runs RootMovement, steps, and the look)
 *       Legs      LFrontThigh → LFrontShin, …   (Bone2D pairs)
 *       Body      Polygon2D
 *       Neck → Head  (or Tail1 … Tail4, the last one the sting)   the look bones
 *       Homes     LFrontHome, …   (legOrigin: moves and turns with the body)
 *       Knees     LFrontKnee, …   (poles)
 *       IK        LFront, …       (TwoBoneIK2D)
 *     CreatureFeet  LFront, …     (IK targets, outside the creature)
 */
export function buildCreature(
  world: Node,
  preset: CreaturePreset,
  unit: number,
  mainTarget: Node2D,
  name = 'Creature',
): Creature2D {
  const plan = planCreature(preset);
  const creature = world.addChild(new Creature2D(name, plan, unit, mainTarget));
  const feet = world.addChild(new Node2D(`${creature.name}Feet`));
  const u = (v: Vec2): Vec2 => ({ x: v.x * unit, y: v.y * unit });
  const legsNode = creature.addChild(new Node2D('Legs'));
  const body = creature.addChild(new Polygon2D('Body', plan.body.map(u)));
  body.outline = 'boneOutline';
  creature.lookBone = addChain(creature, plan.look, unit)[plan.look.looker]!;
  for (const arm of plan.arms) addChain(creature, arm, unit);
  const homes = creature.addChild(new Node2D('Homes'));
  const knees = creature.addChild(new Node2D('Knees'));
  const ikGroup = creature.addChild(new Node('IK'));
  for (const leg of plan.legs) {
    const thigh = legsNode.addChild(new Bone2D(`${leg.name}Thigh`, leg.upper * unit));
    thigh.position = u(leg.hip);
    thigh.rotation = Math.atan2(leg.home.y - leg.hip.y, leg.home.x - leg.hip.x) - 0.5;
    thigh.setRestFromPose();
    const shin = thigh.addChild(new Bone2D(`${leg.name}Shin`, leg.lower * unit));
    shin.position = { x: leg.upper * unit, y: 0 };
    shin.rotation = 1;
    shin.setRestFromPose();
    const home = homes.addChild(new Marker2D(`${leg.name}Home`, 'marker', false));
    home.position = u(leg.home);
    home.gizmoExtents = 0;
    const knee = knees.addChild(new Marker2D(`${leg.name}Knee`, 'pole', false));
    knee.position = u(leg.pole);
    knee.gizmoExtents = 0;
    const target = feet.addChild(new Marker2D(leg.name, 'target', false));
    target.gizmoExtents = 0;
    const ik = ikGroup.addChild(new TwoBoneIK2D(leg.name));
    ik.rootBonePath = thigh.getPathFrom(ik);
    ik.tipBonePath = shin.getPathFrom(ik);
    ik.targetPath = target.getPathFrom(ik);
    ik.polePath = knee.getPathFrom(ik);
    creature.legs.push({ plan: leg, target, home, foot: newFootStep(0, 0) });
  }
  return creature;
}

/** A chain of bones from `at` (neck and head, tail, pincer), each on the one before. */
function addChain(parent: Node2D, spec: BoneChainPlan, unit: number): Bone2D[] {
  const bones: Bone2D[] = [];
  let node: Node2D = parent;
  spec.lengths.forEach((len, i) => {
    const b = node.addChild(new Bone2D(spec.names[i] ?? `Bone${i + 1}`, len * unit));
    b.position =
      i === 0
        ? { x: spec.at.x * unit, y: spec.at.y * unit }
        : { x: spec.lengths[i - 1]! * unit, y: 0 };
    b.rotation = spec.rest[i] ?? 0;
    b.setRestFromPose();
    bones.push(b);
    node = b;
  });
  return bones;
}
