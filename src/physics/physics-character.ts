import { Vec2, type World } from 'planck';
import { wrapAngle } from '../math/angles.ts';
import { BODY_PLAN, type LinkPlan } from './body-plan.ts';
import { blendPose, linkFrames, newPose } from './character-pose.ts';
import { CompositeInertia } from './composite-inertia.ts';
import { N_SEED } from './gains.ts';
import type { Ground } from './ground.ts';
import type { KeyframeTrack } from './keyframe-track.ts';
import { PDTracker, type PDSettings } from './pd-tracker.ts';
import { PoseTransition } from './pose-transition.ts';
import { Ragdoll } from './ragdoll.ts';

/** Who moves the bodies: the animation alone (FK), PD torques, or nobody (gravity and contacts). */
export type ControllerMode = 'kinematic' | 'pd' | 'ragdoll';
export const CONTROLLER_MODES: readonly ControllerMode[] = ['kinematic', 'pd', 'ragdoll'];

/**
 * What holds the pelvis up while the joints track: nothing seed 004 has (it has no balance
 * controller), so the choice is the course's: pinned to the animated root, a weak spring towards
 * it (Dynamo's "weak root springs", seed 004's related work), or free, where it falls.
 */
export type RootPolicy = 'pinned' | 'spring' | 'free';
export const ROOT_POLICIES: readonly RootPolicy[] = ['pinned', 'spring', 'free'];

export interface CharacterSettings extends PDSettings {
  rootPolicy: RootPolicy;
  /** The root spring's natural frequency (rad/s) at strength 1. */
  rootStrength: number;
  /** Beyond the seed: PD → ragdoll on a hard hit or long saturation, back after settling. */
  autoRagdoll: boolean;
  /** A hit that delivers more than this impulse (N·s) lets go. */
  impulseThreshold: number;
  /** Any joint saturated this long (s) lets go. */
  saturationTime: number;
  /** Animation speed (1: as recorded; 0: hold the current keyframe). */
  playRate: number;
  /** The animated root travels forward with the walk (on terrain); false: walks in place. */
  travel: boolean;
}

/** The root spring's natural frequency at strength 1 (rad/s). */
export const ROOT_SPRING_MAX = 14;

export const defaultSettings = (n = BODY_PLAN.length): CharacterSettings => ({
  gainMode: 'analytic',
  tHat: 0.25,
  n: N_SEED,
  manualKs: new Float64Array(n).fill(300),
  manualKd: new Float64Array(n).fill(30),
  tauMax: Infinity,
  parentCompensation: false,
  rootPolicy: 'pinned',
  rootStrength: 0.5,
  autoRagdoll: false,
  impulseThreshold: 25,
  saturationTime: 0.4,
  playRate: 1,
  travel: false,
});

/**
 * One physics character (seed 004): a ragdoll of planck.js bodies, a keyframe track to follow,
 * and a controller (kinematic, PD or ragdoll) that acts on the bodies before each world step.
 * The world is stepped by its owner (several characters can share one); call `beforeStep`
 * then world.step(dt) then `afterStep`.
 */
export class PhysicsCharacter {
  readonly ragdoll: Ragdoll;
  readonly settings: CharacterSettings;
  readonly inertia: CompositeInertia;
  readonly tracker: PDTracker;
  mode: ControllerMode = 'pd';
  /** Why the last automatic switch happened ('' if none). */
  autoReason = '';
  /** Clip time (s). */
  clipTime = 0;
  /** The animated pose with its root where the character should be (world). */
  readonly goal: Float64Array;
  readonly goalRate: Float64Array;
  /** The pose the bodies show, and its rate (updated after each step). */
  readonly pose: Float64Array;
  readonly poseRate: Float64Array;
  /** Per joint: θ̂ − θ after the last step (radians, wrapped). */
  readonly error: Float64Array;
  private saturatedFor = 0;
  /**
   * A clip change under PD is under way: every body is driven along the pose transition, as
   * the kinematic controller drives them, until it ends (see setTrack).
   */
  private changingClip = false;
  private restingFor = 0;
  private readonly driven: Float64Array;
  private readonly frames: Float64Array;
  /** Views of pose, poseRate, goal and goalRate from index 2: [root angle, θ1, θ2, …]. */
  private readonly jointAngle: Float64Array;
  private readonly jointRate: Float64Array;
  private readonly goalAngle: Float64Array;
  private readonly goalJointRate: Float64Array;
  private readonly centres: Float64Array;
  private readonly jointsAt: Float64Array;
  private readonly transition: PoseTransition;
  private readonly parents: number[];
  private readonly force = new Vec2(0, 0);

  constructor(
    readonly world: World,
    readonly ground: Ground,
    public track: KeyframeTrack,
    /** Where the animated root starts (x, metres); moved when the track changes. */
    public originX = 0,
    settings: Partial<CharacterSettings> = {},
    readonly plan: readonly LinkPlan[] = BODY_PLAN,
  ) {
    const n = plan.length;
    this.settings = { ...defaultSettings(n), ...settings };
    this.parents = plan.map((l) => l.parent);
    this.inertia = new CompositeInertia(this.parents);
    this.tracker = new PDTracker(this.parents);
    this.goal = newPose(plan);
    this.goalRate = newPose(plan);
    this.pose = newPose(plan);
    this.poseRate = newPose(plan);
    this.driven = newPose(plan);
    this.error = new Float64Array(n);
    this.frames = new Float64Array(3 * n);
    this.jointAngle = this.pose.subarray(2);
    this.jointRate = this.poseRate.subarray(2);
    this.goalAngle = this.goal.subarray(2);
    this.goalJointRate = this.goalRate.subarray(2);
    this.centres = new Float64Array(2 * n);
    this.jointsAt = new Float64Array(2 * n);
    this.transition = new PoseTransition(this.goal.length, 0.6);
    this.sampleGoal();
    this.ragdoll = new Ragdoll(world, plan, this.goal);
    this.applyBodyTypes();
    this.ragdoll.readPose(this.pose, this.poseRate);
  }

  /** The animated pose at clip time t, its root placed in the world. */
  private sampleGoal(): void {
    this.track.sample(this.clipTime, this.goal, this.goalRate);
    const s = this.settings;
    let x = this.originX + this.goal[0]!;
    let vx = this.goalRate[0]! * s.playRate;
    if (s.travel) {
      x += this.track.speed * this.clipTime;
      vx += this.track.speed * s.playRate;
    }
    this.goal[0] = x;
    this.goal[1]! += this.ground.heightAt(x);
    this.goalRate[0] = vx;
    for (let i = 1; i < this.goalRate.length; i++) this.goalRate[i]! *= s.playRate;
  }

  /**
   * A new clip, from its start, with its root placed under the body as it is now (a character
   * that walked 20 m and starts to squat squats there), eased in like a controller switch.
   *
   * Under PD with the root held (pinned or on its spring) every body is eased there, as the
   * kinematic controller eases them, and PD takes over again once the transition ends. The
   * joints' torques alone cannot make that change: the feet stand where the old clip left
   * them (a walk's back foot on its toes), and with the pelvis held a foot cannot step. Asked
   * to straighten at once, a walk's back leg folded that foot under it, toes down against the
   * ground and the ankle at its limit, where it stayed for the whole squat (82° off).
   */
  setTrack(track: KeyframeTrack): void {
    this.ragdoll.readPose(this.pose, this.poseRate);
    this.track = track;
    this.clipTime = 0;
    track.sample(0, this.goal, this.goalRate);
    this.originX = this.pose[0]! - this.goal[0]!;
    this.sampleGoal();
    this.changingClip = this.mode === 'pd' && this.settings.rootPolicy !== 'free';
    if (this.changingClip) this.relaxJoints();
    if (this.drivenBodies() !== null) this.transition.start(this.pose, this.poseRate);
    this.applyBodyTypes();
  }

  /**
   * Which bodies the animation moves kinematically: every body (kinematic controller, or a
   * clip change under PD), the pelvis alone (PD with the root pinned), or none (PD otherwise,
   * ragdoll).
   */
  private drivenBodies(): 'all' | 'root' | null {
    if (this.mode === 'kinematic' || this.changingClip) return 'all';
    return this.mode === 'pd' && this.settings.rootPolicy === 'pinned' ? 'root' : null;
  }

  /** Switches controller, carrying positions and velocities over (no jump). */
  setMode(mode: ControllerMode, reason = ''): void {
    if (mode === this.mode) return;
    this.ragdoll.readPose(this.pose, this.poseRate);
    // A clip change under way was driving every body, as the kinematic controller does.
    const from = this.changingClip ? 'kinematic' : this.mode;
    this.changingClip = false;
    this.mode = mode;
    this.autoReason = reason;
    this.saturatedFor = 0;
    this.restingFor = 0;
    // Driving bodies kinematically from where they are: ease from their pose into the clip's.
    if (this.drivenBodies() !== null && from !== 'kinematic')
      this.transition.start(this.pose, this.poseRate);
    // Out of PD the joints' motors stop, once: nothing turns them on again until PD returns.
    if (mode !== 'pd') this.relaxJoints();
    this.applyBodyTypes();
  }

  /** A new root policy, carried over like a controller switch. */
  setRootPolicy(policy: RootPolicy): void {
    if (policy === this.settings.rootPolicy) return;
    this.ragdoll.readPose(this.pose, this.poseRate);
    this.settings.rootPolicy = policy;
    this.changingClip = false;
    if (this.drivenBodies() === 'root') this.transition.start(this.pose, this.poseRate);
    this.applyBodyTypes();
  }

  private applyBodyTypes(): void {
    const driven = this.drivenBodies();
    this.ragdoll.setKinematic(driven !== null, driven ?? 'all');
  }

  /** Sets forces, torques and kinematic velocities for the coming step of dt seconds. */
  beforeStep(dt: number): void {
    const s = this.settings;
    this.clipTime += dt * s.playRate;
    this.sampleGoal();
    if (this.changingClip && !this.transition.active) {
      // The clip change has eased every body into the clip: PD takes them over from there.
      this.changingClip = false;
      this.applyBodyTypes();
    }
    if (this.mode === 'pd' && !this.changingClip) this.applyJointTorques();
    const driven = this.drivenBodies();
    if (driven === 'all') {
      this.transition.advance(dt, this.goal, this.driven);
      linkFrames(this.plan, this.driven, this.frames);
      this.ragdoll.driveTo(this.frames, dt, 'all');
    } else if (driven === 'root') {
      // The pelvis's frame is the pose's first three numbers (x, y, angle): no need for all 13.
      this.transition.advance(dt, this.goal, this.driven);
      this.ragdoll.driveTo(this.driven, dt, 'root');
    } else if (this.mode === 'pd' && s.rootPolicy === 'spring') this.pullRoot();
  }

  private applyJointTorques(): void {
    const r = this.ragdoll;
    // Fresh: a push or a drag may have changed the velocities since the last step.
    r.readPose(this.pose, this.poseRate);
    r.readCentresAndJoints(this.centres, this.jointsAt);
    this.inertia.update(r.masses, r.inertias, this.centres, this.jointsAt);
    // θ̂ and ω̂ per joint sit after the root's three numbers in the pose arrays.
    this.tracker.update(
      this.jointAngle,
      this.jointRate,
      this.goalAngle,
      this.goalJointRate,
      this.inertia.aboutJoint,
      this.settings,
    );
    const b = r.bodies;
    const t = this.tracker;
    for (let i = 1; i < b.length; i++) {
      const joint = r.joints[i - 1]!;
      const tau = t.torque[i]!;
      const kd = t.kd[i]!;
      if (kd > 0) {
        // τ = k_d (v* − ω) with v* the joint speed at which the PD law asks for no torque. The
        // joint's motor applies up to |τ| towards v*, but never more than brings ω to v* within
        // this step: the seed's torque whenever an explicit step could apply it stably, and no
        // overshoot when the light pelvis between three stiff joints would make it blow up.
        joint.enableMotor(true);
        joint.setMotorSpeed(this.jointRate[i]! + tau / kd);
        joint.setMaxMotorTorque(Math.abs(tau));
      } else {
        // No damping (manual gains with k_d = 0): the plain explicit torque, as the seed writes it.
        joint.enableMotor(false);
        b[i]!.applyTorque(tau, true);
        b[this.parents[i]!]!.applyTorque(-tau, true);
      }
    }
  }

  /** Joint motors off: the ragdoll and the kinematic controller apply no joint torque. */
  private relaxJoints(): void {
    for (const j of this.ragdoll.joints) if (j.isMotorEnabled()) j.enableMotor(false);
    // What the readouts show as τ is what acts: nothing.
    this.tracker.torque.fill(0);
    this.tracker.wanted.fill(0);
  }

  /**
   * Dynamo's weak root spring, critically damped, towards the animated root: the pelvis's
   * position and angle errors become one linear and one angular acceleration, given to every
   * body in proportion to its mass and inertia (as if the whole figure were held and turned
   * about the pelvis), so the spring moves the figure without shaking its joints. A torque on
   * the light pelvis alone would fight the joints' torques and blow up.
   */
  private pullRoot(): void {
    const w = this.settings.rootStrength * ROOT_SPRING_MAX;
    if (!(w > 0)) return;
    const bodies = this.ragdoll.bodies;
    const pelvis = bodies[0]!;
    const o = pelvis.getPosition();
    const v = pelvis.getLinearVelocity();
    const ax = w * w * (this.goal[0]! - o.x) + 2 * w * (this.goalRate[0]! - v.x);
    const ay = w * w * (this.goal[1]! - o.y) + 2 * w * (this.goalRate[1]! - v.y);
    const turn = wrapAngle(this.goal[2]! - pelvis.getAngle());
    const alpha = w * w * turn + 2 * w * (this.goalRate[2]! - pelvis.getAngularVelocity());
    const m = this.ragdoll.masses;
    const I = this.ragdoll.inertias;
    for (let i = 0; i < bodies.length; i++) {
      const b = bodies[i]!;
      const c = b.getWorldCenter();
      const rx = c.x - o.x;
      const ry = c.y - o.y;
      this.force.x = m[i]! * (ax - alpha * ry);
      this.force.y = m[i]! * (ay + alpha * rx);
      b.applyForce(this.force, c, true);
      b.applyTorque(I[i]! * alpha, true);
    }
  }

  /** Reads the new state back; the automatic controller switch (beyond the seed) decides here. */
  afterStep(dt: number): void {
    this.ragdoll.readPose(this.pose, this.poseRate);
    for (let i = 1; i < this.error.length; i++)
      this.error[i] = wrapAngle(this.goal[i + 2]! - this.pose[i + 2]!);
    const s = this.settings;
    if (this.mode === 'pd') {
      let any = false;
      for (let i = 1; i < this.error.length; i++) any ||= this.tracker.saturated(i);
      this.saturatedFor = any ? this.saturatedFor + dt : 0;
      if (s.autoRagdoll) {
        if (this.ragdoll.hitImpulse > s.impulseThreshold)
          this.setMode('ragdoll', `a hit of ${this.ragdoll.hitImpulse.toFixed(1)} N·s`);
        else if (this.saturatedFor >= s.saturationTime)
          this.setMode('ragdoll', `torque saturated for ${this.saturatedFor.toFixed(2)} s`);
      }
    } else if (this.mode === 'ragdoll' && s.autoRagdoll && this.autoReason) {
      this.restingFor = this.isResting() ? this.restingFor + dt : 0;
      if (this.restingFor >= 1) this.setMode('pd', '');
    }
    this.ragdoll.hitImpulse = 0;
  }

  /**
   * Every body slower than 0.15 m/s and 0.5 rad/s relative to the ground's surface: the heap has
   * settled (on a treadmill it rides the belt backwards, and that is rest too).
   */
  private isResting(): boolean {
    const belt = this.ground.belt;
    for (const b of this.ragdoll.bodies) {
      const v = b.getLinearVelocity();
      const vx = v.x + belt;
      if (vx * vx + v.y * v.y > 0.15 * 0.15 || Math.abs(b.getAngularVelocity()) > 0.5) return false;
    }
    return true;
  }

  /** How long some joint has been held at the torque limit (s). */
  get saturationTime(): number {
    return this.saturatedFor;
  }

  /** Each link's frame (x, y, angle) for a pose blended from the animation (0) to the bodies (1). */
  shownFrames(physics: number, out: Float64Array, scratch: Float64Array): void {
    blendPose(scratch, this.goal, this.pose, physics);
    linkFrames(this.plan, scratch, out);
  }

  destroy(): void {
    this.ragdoll.destroy();
  }
}
