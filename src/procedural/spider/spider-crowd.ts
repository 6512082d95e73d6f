import { type Chain, chainFrom, createChain } from '../../ik/chain.ts';
import { type FabrikOptions, solveFabrik } from '../../ik/fabrik-kernel.ts';
import { createResult } from '../../ik/solve-result.ts';
import type { Terrain2D } from '../terrain/terrain-2d.ts';
import { newLegWalk } from './leg-state.ts';
import {
  kneePoleX,
  legRestRotations,
  planSpider,
  type SpiderPlan,
  type SpiderShape,
} from './spider-shape.ts';
import { defaultGait, type SpiderGait, SpiderWalk } from './spider-walk.ts';

/**
 * A leg's rest pose for each knee side (+1, then −1), in the body's space from the hip: joints
 * (x, y, 4 of them), relative rotations (3), and the rotations summed to each bone (3). Computed
 * once: solving from rest then needs no trigonometry per leg to set up, only the body's matrix.
 */
function restPoses(plan: SpiderPlan): Float64Array {
  const out = new Float64Array(2 * REST_POSE);
  for (const side of [1, -1] as const) {
    const at = side > 0 ? 0 : REST_POSE;
    const rest = chainFrom(plan.bones, legRestRotations(side));
    out.set(rest.positions, at);
    out.set(rest.angles, at + ANGLES);
    out.set(rest.directions, at + TURNED);
  }
  return out;
}
const ANGLES = 8;
const TURNED = 11;
const REST_POSE = 14;

/** Joints a leg has: hip, knee, ankle, foot. */
export const JOINTS_PER_LEG = 4;
/** What decides a leg's solve: foot x, y; body x, y, angle; facing; knee side. */
const STAMP = 7;

/**
 * Many spiders of one shape, walked and solved in flat arrays instead of a node tree each: the
 * data-oriented layout a game uses for a crowd. Every spider walks the very steps a Spider2D
 * walks (one SpiderWalk each), and every leg is solved as its FABRIK2D node solves it (the same
 * kernel, from the same rest pose, with the same knee pole and tolerance), but straight from
 * numbers: no transforms to multiply, no tree to read or write, one chain reused for every leg.
 * A leg whose foot, body and knee side did not change keeps its pose without a solve, as the
 * node's skip does.
 *
 * `joints` holds every leg's joints in global space, hip to foot: what the crowd is drawn from.
 */
export class SpiderCrowd {
  readonly plan: SpiderPlan;
  readonly walks: SpiderWalk[] = [];
  /** x, y per joint, JOINTS_PER_LEG joints per leg, legs in plan order, spiders in order. */
  joints = new Float64Array(0);
  /** Leg solves run and skipped in the last step. */
  solved = 0;
  skipped = 0;
  private stamps = new Float64Array(0);
  private jointBuffer = new Float64Array(0);
  private readonly chain: Chain;
  private readonly options: FabrikOptions;
  private readonly result = createResult();
  /** The leg's rest pose for each knee side, in the body's space (see restPoses). */
  private readonly restPoses: Float64Array;

  constructor(readonly shape: SpiderShape) {
    this.plan = planSpider(shape);
    const chain = createChain(3);
    chain.lengths.set(this.plan.bones);
    this.chain = chain;
    this.restPoses = restPoses(this.plan);
    // As buildSpider sets up each leg's FABRIK2D node. Only the joints are drawn, and every
    // solve sets the chain up from rest again: positions only.
    this.options = {
      tolerance: this.plan.solveTolerance,
      maxIterations: this.plan.solveIterations,
      poleMode: 'after',
      poleX: NaN,
      poleY: NaN,
      jointPoles: null,
      positionsOnly: true,
    };
  }

  /** A new spider on `terrain`, standing at arc length `s`, facing +1 (right) or −1. */
  add(terrain: Terrain2D | null, s: number, facing: 1 | -1, gait?: SpiderGait): SpiderWalk {
    const walk = new SpiderWalk(this.plan, terrain, gait ?? defaultGait(this.shape.size));
    for (const leg of this.plan.legs) walk.legs.push(newLegWalk(leg));
    this.walks.push(walk);
    this.grow();
    walk.placeAt(s, facing);
    this.solveLegs(this.walks.length - 1);
    return walk;
  }

  /** One frame: every spider walks, then every leg that needs it is solved. */
  step(dt: number): void {
    this.solved = 0;
    this.skipped = 0;
    for (let k = 0; k < this.walks.length; k++) {
      this.walks[k]!.step(dt);
      this.solveLegs(k);
    }
  }

  /**
   * Fits the arrays to the spiders. They live in buffers that double as the crowd grows (adding
   * 1 000 spiders one by one copies each number about twice, not 500 times); `joints` is a
   * view of exactly the legs there are. A new leg's stamp is NaN, so it is solved.
   */
  private grow(): void {
    const legs = this.walks.length * this.plan.legs.length;
    const size = legs * JOINTS_PER_LEG * 2;
    if (this.jointBuffer.length < size) {
      const joints = new Float64Array(Math.max(size, 2 * this.jointBuffer.length));
      joints.set(this.jointBuffer);
      this.jointBuffer = joints;
      const stamps = new Float64Array((joints.length / (JOINTS_PER_LEG * 2)) * STAMP).fill(NaN);
      stamps.set(this.stamps);
      this.stamps = stamps;
    }
    this.joints = this.jointBuffer.subarray(0, size);
  }

  /**
   * Spider k's legs, each as its FABRIK2D node would solve it. The body's transform is
   * translate · rotate · scale(facing, 1): a leg hangs in a space mirrored when the spider faces
   * left, so its rest rotations turn the other way on screen (relative angles times the facing)
   * and bone 0's angle is measured from the body's mirrored x axis.
   */
  private solveLegs(k: number): void {
    const walk = this.walks[k]!;
    const plan = this.plan;
    const f = walk.facing;
    const bx = walk.bodyX;
    const by = walk.bodyY;
    const angle = walk.bodyAngle;
    const cos = walk.bodyCos;
    const sin = walk.bodySin;
    // The body's matrix: x axis (a, b), y axis (c, d).
    const a = f * cos;
    const b = f * sin;
    const c = -sin;
    const d = cos;
    const baseAngle = Math.atan2(b, a);
    const chain = this.chain;
    const o = this.options;
    const S = this.stamps;
    const J = this.joints;
    const legs = walk.legs;
    for (let j = 0; j < legs.length; j++) {
      const leg = legs[j]!;
      const index = k * legs.length + j;
      const s = index * STAMP;
      if (
        S[s] === leg.footX &&
        S[s + 1] === leg.footY &&
        S[s + 2] === bx &&
        S[s + 3] === by &&
        S[s + 4] === angle &&
        S[s + 5] === f &&
        S[s + 6] === leg.knee
      ) {
        this.skipped++;
        continue;
      }
      S[s] = leg.footX;
      S[s + 1] = leg.footY;
      S[s + 2] = bx;
      S[s + 3] = by;
      S[s + 4] = angle;
      S[s + 5] = f;
      S[s + 6] = leg.knee;
      const hx = leg.plan.hipX;
      const hy = leg.plan.hipY;
      chain.baseAngle = baseAngle;
      chain.handedness = f;
      // The rest pose, placed by the body's matrix (no trigonometry per leg: see restPoses).
      const r = leg.knee > 0 ? 0 : REST_POSE;
      const R = this.restPoses;
      const P = chain.positions;
      for (let i = 0; i < JOINTS_PER_LEG; i++) {
        const qx = hx + R[r + 2 * i]!;
        const qy = hy + R[r + 2 * i + 1]!;
        P[2 * i] = bx + a * qx + c * qy;
        P[2 * i + 1] = by + b * qx + d * qy;
      }
      // The rest pose's first joint is the hip itself.
      chain.baseX = P[0]!;
      chain.baseY = P[1]!;
      for (let i = 0; i < 3; i++) {
        chain.angles[i] = f * R[r + ANGLES + i]!;
        chain.directions[i] = baseAngle + f * R[r + TURNED + i]!;
      }
      const px = kneePoleX(plan, leg.plan, leg.knee);
      const py = -plan.kneeUp;
      o.poleX = bx + a * px + c * py;
      o.poleY = by + b * px + d * py;
      solveFabrik(chain, leg.footX, leg.footY, o, this.result);
      const at = index * JOINTS_PER_LEG * 2;
      for (let i = 0; i < JOINTS_PER_LEG * 2; i++) J[at + i] = P[i]!;
      this.solved++;
    }
  }
}
