import type { Bone2D } from '../../scene/bone2d.ts';
import type { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { Terrain2D } from '../terrain/terrain-2d.ts';
import type { TerrainPath } from '../terrain/terrain-path.ts';
import type { LegState } from './leg-state.ts';
import { kneePoleX, legRestRotations, type SpiderPlan } from './spider-shape.ts';
import { defaultGait, type SpiderGait, SpiderWalk } from './spider-walk.ts';

export { defaultGait, type SpiderGait } from './spider-walk.ts';

/**
 * A procedural spider in a side view (seed 002 §3), as a node: its transform is the body
 * (position, tilt, and scale.x = ±1 for the way it faces), its children are the legs (FABRIK
 * chains with knee poles), and `process` runs the walk (SpiderWalk) each frame and moves the
 * feet's targets and the knees' poles before the IK nodes solve.
 */
export class Spider2D extends Node2D {
  override get typeName(): string {
    return 'Spider2D';
  }

  readonly walker: SpiderWalk<LegState>;
  /** The facing the node's scale shows (reading `scale` would allocate a copy). */
  private shownFacing = 0;

  constructor(
    name: string,
    readonly plan: SpiderPlan,
    terrain: Terrain2D | null,
    gait: SpiderGait = defaultGait(),
  ) {
    super(name);
    this.walker = new SpiderWalk<LegState>(plan, terrain, gait);
  }

  get legs(): LegState[] {
    return this.walker.legs;
  }
  get gait(): SpiderGait {
    return this.walker.gait;
  }
  set gait(g: SpiderGait) {
    this.walker.gait = g;
  }
  /** Steering: −1 walk left, 0 stand, +1 walk right. */
  get command(): number {
    return this.walker.command;
  }
  set command(c: number) {
    this.walker.command = c;
  }
  /** Walk back and forth on its own, turning at the ends (for swarms and idle pages). */
  get autopilot(): boolean {
    return this.walker.autopilot;
  }
  set autopilot(on: boolean) {
    this.walker.autopilot = on;
  }
  get facing(): 1 | -1 {
    return this.walker.facing;
  }
  set facing(f: 1 | -1) {
    this.walker.facing = f;
  }
  /** The anchor's arc length along the ground. */
  get s(): number {
    return this.walker.s;
  }
  set s(s: number) {
    this.walker.s = s;
  }
  /** How far left and right (x) the anchor may walk; infinite: the whole ground. */
  get walkBounds(): { min: number; max: number } {
    return this.walker.walkBounds;
  }
  set walkBounds(b: { min: number; max: number }) {
    this.walker.walkBounds = b;
  }
  /** Frames in which the body had fewer than two planted feet spread along it. */
  get unsupportedFrames(): number {
    return this.walker.unsupportedFrames;
  }
  get frame(): SpiderWalk['frame'] {
    return this.walker.frame;
  }
  get ground(): TerrainPath | null {
    return this.walker.ground;
  }
  /** Ends of the walk: a body length from either end of the ground. */
  get sRange(): { min: number; max: number } {
    return this.walker.sRange;
  }

  setTerrain(terrain: Terrain2D | null): void {
    this.walker.setTerrain(terrain);
  }

  /** Puts the spider at arc length `s`, standing, every foot on its ray's hit. */
  placeAt(s: number, facing: 1 | -1 = this.facing): void {
    if (this.walker.placeAt(s, facing)) this.writeNodes();
  }

  override process(dt: number): void {
    if (this.walker.step(dt)) this.writeNodes();
  }

  private writeNodes(): void {
    const w = this.walker;
    this.setPosition(w.bodyX, w.bodyY);
    this.rotation = w.bodyAngle;
    if (this.shownFacing !== w.facing) {
      this.setScale(w.facing, 1);
      this.shownFacing = w.facing;
    }
    const p = this.plan;
    for (const leg of w.legs) {
      leg.target.setPosition(leg.footX, leg.footY);
      if (!leg.pole) continue;
      leg.pole.setPosition(kneePoleX(p, leg.plan, leg.knee), -p.kneeUp);
      // Each solve starts from the rest pose (the IK node's startFromRest) folded to that
      // side: a warm start (last frame's pose) can sit on the far branch (knee pointing back at
      // a foot ahead), where FABRIK creeps for dozens of iterations; from here it needs 1.1–1.4
      // on average (10 000 frames on each terrain, test/unit/spider.test.ts). The node starts
      // from rest itself, so a leg whose inputs did not change is not solved again.
      // Written every frame (three numbers): a rest pose edited elsewhere is put back, and
      // the same values change nothing the IK node's stamp compares.
      if (leg.ik) restLegTowards(leg.femur, legRestRotations(leg.knee));
    }
  }
}

/** Sets a leg's rest rotations (femur → tibia → tarsus) in place, as its IK node reads them. */
function restLegTowards(femur: Bone2D, rotations: readonly number[]): void {
  let bone: Node = femur;
  for (let i = 0; i < 3; i++) {
    (bone as Bone2D).rest.rotation = rotations[i]!;
    bone = bone.children[0]!;
  }
}
