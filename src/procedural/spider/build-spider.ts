import { FABRIK2D } from '../../ik/fabrik-2d.ts';
import type { Vec2 } from '../../math/vec2.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import { ellipsePolygon, Polygon2D } from '../../scene/polygon2d.ts';
import type { Terrain2D } from '../terrain/terrain-2d.ts';
import { BakedSpider2D } from './baked-spider-2d.ts';
import { bakeWalkClip } from './baked-walk-clip.ts';
import { newLegState } from './leg-state.ts';
import { defaultGait, Spider2D, type SpiderGait } from './spider-2d.ts';
import {
  kneePoleX,
  legRestRotations,
  planSpider,
  type SpiderPlan,
  type SpiderShape,
} from './spider-shape.ts';

/** Far-side legs are drawn behind the body, faded to this alpha, as a side view sees them. */
export const FAR_SIDE_ALPHA = '8c';
export const FAR_SIDE_MODULATE = `#ffffff${FAR_SIDE_ALPHA}`;

/**
 * Lays out one spider's nodes and adds them to `world`:
 *
 *     Spider (Spider2D: the body's transform; process() walks)
 *       FarSide            R1Femur → R1Tibia → R1Tarsus, …  (Bone2D chains, faded)
 *       Body, Head         Polygon2D
 *       NearSide           L1Femur → L1Tibia → L1Tarsus, …
 *       Knees              L1Knee, …  (Marker2D poles: they move with the body)
 *       IK                 L1, …      (FABRIK2D, tip to foot target, knee pole)
 *     SpiderFeet           L1, …      (Marker2D targets, outside the spider, as seed 002 has them)
 *
 * The IK nodes solve after the spider has moved the targets (their process priority is higher).
 */
export function buildSpider(
  world: Node,
  terrain: Terrain2D | null,
  shape: SpiderShape,
  opts: { name?: string; gait?: SpiderGait } = {},
): Spider2D {
  const plan = planSpider(shape);
  const name = opts.name ?? 'Spider';
  const spider = new Spider2D(name, plan, terrain, opts.gait ?? defaultGait(shape.size));
  world.addChild(spider);
  const feet = world.addChild(new Node2D(`${spider.name}Feet`));
  const femurs = addBodyAndLegs(spider, plan);
  const knees = spider.addChild(new Node2D('Knees'));
  const ikGroup = spider.addChild(new Node('IK'));
  plan.legs.forEach((leg, i) => {
    const femur = femurs[i]!;
    const target = feet.addChild(new Marker2D(leg.name, 'target', false));
    target.gizmoExtents = 0;
    const pole = knees.addChild(new Marker2D(`${leg.name}Knee`, 'pole', false));
    pole.position = { x: kneePoleX(plan, leg, leg.out), y: -plan.kneeUp };
    pole.gizmoExtents = 0;
    const ik = ikGroup.addChild(new FABRIK2D(leg.name));
    const tarsus = femur.children[0]!.children[0] as Bone2D;
    ik.rootBonePath = femur.getPathFrom(ik);
    ik.tipBonePath = tarsus.getPathFrom(ik);
    ik.targetPath = target.getPathFrom(ik);
    ik.polePath = pole.getPathFrom(ik);
    ik.tolerance = plan.solveTolerance;
    ik.maxIterations = plan.solveIterations;
    ik.startFromRest = true;
    spider.legs.push(newLegState(leg, femur, ik, target, pole));
  });
  return spider;
}

/**
 * The baked spider of seed 002 §5.1: the same body and legs, no IK, a walk clip keyed on flat
 * ground for `clipSpeed` (scene units per second).
 */
export function buildBakedSpider(
  world: Node,
  terrain: Terrain2D | null,
  shape: SpiderShape,
  opts: { name?: string; clipSpeed?: number; stride?: number } = {},
): BakedSpider2D {
  const plan = planSpider(shape);
  const speed = opts.clipSpeed ?? 70 * shape.size;
  const clip = bakeWalkClip(plan, speed, opts.stride ?? 56 * shape.size);
  const spider = new BakedSpider2D(opts.name ?? 'BakedSpider', plan, clip, terrain);
  world.addChild(spider);
  spider.femurs.push(...addBodyAndLegs(spider, plan));
  return spider;
}

/** FarSide legs (faded), Body and Head, NearSide legs; the femurs in the plan's leg order. */
function addBodyAndLegs(spider: Node2D, plan: SpiderPlan): Bone2D[] {
  const far = spider.addChild(new Node2D('FarSide'));
  far.modulate = FAR_SIDE_MODULATE;
  addBody(spider, plan);
  const near = spider.addChild(new Node2D('NearSide'));
  return plan.legs.map((leg) => {
    const femur = buildLeg(leg.side ? far : near, leg.name, plan, leg.out);
    femur.position = { x: leg.hipX, y: leg.hipY };
    femur.setRestFromPose();
    return femur;
  });
}

/** Femur → tibia → tarsus, in the rest pose folded towards `out` (front legs forward). */
function buildLeg(parent: Node2D, name: string, plan: SpiderPlan, out: 1 | -1): Bone2D {
  const [a, b, c] = plan.bones;
  const [ra, rb, rc] = legRestRotations(out);
  const femur = parent.addChild(new Bone2D(`${name}Femur`, a));
  femur.rotation = ra;
  const tibia = femur.addChild(new Bone2D(`${name}Tibia`, b));
  tibia.position = { x: a, y: 0 };
  tibia.rotation = rb;
  const tarsus = tibia.addChild(new Bone2D(`${name}Tarsus`, c));
  tarsus.position = { x: b, y: 0 };
  tarsus.rotation = rc;
  for (const bone of [tibia, tarsus]) bone.setRestFromPose();
  return femur;
}

function addBody(spider: Node2D, plan: SpiderPlan): void {
  const shapes = bodyShapes(plan);
  const body = spider.addChild(new Polygon2D('Body', shapes.body));
  body.outline = 'boneOutline';
  const head = spider.addChild(new Polygon2D('Head', shapes.head));
  head.position = shapes.headAt;
  head.outline = 'boneOutline';
}

/**
 * The body's and the head's outlines in the body's space, and where the head sits on it: what a
 * spider's Body and Head nodes show, and what a crowd kept in arrays draws (SpiderCrowd2D).
 */
export function bodyShapes(plan: SpiderPlan): { body: Vec2[]; head: Vec2[]; headAt: Vec2 } {
  return {
    body: ellipsePolygon(plan.bodyRx, plan.bodyRy),
    head: ellipsePolygon(plan.headRadius, plan.headRadius * 0.85, 14),
    headAt: { x: plan.bodyRx + plan.headRadius * 0.55, y: -plan.bodyRy * 0.15 },
  };
}
