import type { Body } from 'planck';
import type { Vec2 } from '../../math/vec2.ts';
import {
  BODY_PLAN,
  type ControllerMode,
  type KeyframeTrack,
  linkIndex,
  PhysicsCharacter,
  PhysicsScene,
  type RootPolicy,
  sagittalTrack,
  squatTrack,
  waveTrack,
} from '../../physics/index.ts';
import { approach } from '../../procedural/smoothing.ts';
import { Terrain2D } from '../../procedural/terrain/terrain-2d.ts';
import type { WorldRect } from '../../render/viewport.ts';
import { Node2D } from '../../scene/node2d.ts';
import { rigFromBvh } from '../../walk3d/rig.ts';
import type { ParamValues } from '../params.ts';
import { groundEnd, groundPoints } from '../shared/physics-grounds.ts';
import { CharacterNodes, fromScene, PHYSICS_SCALE as S, toScene } from '../shared/physics-nodes.ts';
import { shippedClip } from '../shared/shipped-clips.ts';
import { CHARACTER_BOUNDS } from './description.ts';
import type { PARAMS, PhysicsGround } from './meta.ts';

type Settings = Readonly<ParamValues<typeof PARAMS>>;

function loadTracks(): Record<string, KeyframeTrack> {
  const rig = rigFromBvh(shippedClip('walk'), shippedClip('idle'));
  return {
    walk: sagittalTrack(rig, 'walk'),
    idle: sagittalTrack(rig, 'idle'),
    wave: waveTrack(),
    squat: squatTrack(),
  };
}

/**
 * Lesson 16's world: planck.js bodies (PhysicsScene) on the chosen ground, the character that
 * tracks the chosen clip, and the node tree the page shows (World → Ground, Character → Pelvis
 * → …), synced from the bodies after each step. The ground is lesson 8's node: drawn filled,
 * its points draggable off the treadmill.
 */
export class PdCharacterScene {
  readonly tracks = loadTracks();
  /** The student's manual gains, per joint: they outlive a rebuilt world. */
  readonly manualKs: Float64Array;
  readonly manualKd: Float64Array;
  readonly terrain = new Terrain2D('Ground');
  readonly nodes = new CharacterNodes(BODY_PLAN);
  readonly world = new Node2D('World');
  physics!: PhysicsScene;
  character!: PhysicsCharacter;
  /** The link whose joint the plots and readouts show. */
  plotted: number;
  /** Seconds left to say the character was put back at the start. */
  restarted = 0;
  private readonly camera = { x: 0, y: 0 };
  /** The ground path's version the physics ground was last given (a drag bumps it). */
  private synced = -1;
  private readonly frames = new Float64Array(3 * BODY_PLAN.length);
  private grabbed: Body | null = null;

  /** `s` is the figure's live settings (the kit's values). */
  constructor(private readonly s: Settings) {
    this.manualKs = new Float64Array(BODY_PLAN.length).fill(s.ks);
    this.manualKd = new Float64Array(BODY_PLAN.length).fill(s.kd);
    this.plotted = linkIndex(s.joint);
    this.world.addChild(this.terrain);
    this.world.addChild(this.nodes.root);
    this.build();
  }

  /** The settings as they are now, given to the character and the ground. */
  apply(): void {
    const { s, character } = this;
    const st = character.settings;
    st.gainMode = s.gains === 'manual' ? 'manual' : 'analytic';
    st.tHat = s.tHat;
    st.n = s.n;
    st.manualKs.set(this.manualKs);
    st.manualKd.set(this.manualKd);
    st.tauMax = s.tauMax > 0 ? s.tauMax : Infinity;
    st.parentCompensation = s.compensation;
    st.autoRagdoll = s.auto;
    st.rootStrength = s.strength;
    // On the treadmill the walk stays in place and the belt carries the feet back; on lesson
    // 7's ground the animated root travels forwards over it.
    st.travel = s.ground !== 'treadmill';
    this.physics.ground.belt = st.travel ? 0 : character.track.speed;
  }

  /** A new world on the chosen ground, the character at its start. */
  build(): void {
    const { s, terrain } = this;
    this.physics?.destroy();
    this.physics = new PhysicsScene(groundPoints(s.ground as PhysicsGround));
    terrain.editable = false;
    terrain.points = this.physics.ground.profile.map((q) => toScene(q.x, q.y));
    terrain.editable = s.ground !== 'treadmill';
    terrain.process();
    this.synced = terrain.ground.version;
    const { world, ground } = this.physics;
    this.character = this.physics.add(new PhysicsCharacter(world, ground, this.tracks[s.clip]!));
    this.apply();
    this.character.setRootPolicy(s.root as RootPolicy);
    this.character.setMode(s.mode as ControllerMode);
    this.camera.x = 0;
    this.camera.y = ground.heightAt(0);
  }

  setClip(clip: string): void {
    this.character.setTrack(this.tracks[clip]!);
    this.apply();
  }

  /** A manual gain: for every joint, or (per joint) only the plotted one. */
  setManualGain(which: 'ks' | 'kd', v: number): void {
    const gains = which === 'ks' ? this.manualKs : this.manualKd;
    if (this.s.perJoint) gains[this.plotted] = v;
    else gains.fill(v);
    this.apply();
  }

  /** A ball from 3 m behind the point, timed to reach it in a quarter of a second. */
  throwBall(at: Vec2 = { x: this.character.pose[0]!, y: this.character.pose[1]! + 0.3 }): void {
    const from = { x: at.x - 3, y: at.y + 0.4 };
    const t = 0.25;
    this.physics.throwBall(from, { x: (at.x - from.x) / t, y: (at.y - from.y) / t + 4.9 * t });
  }

  shove(): void {
    const torso = this.character.ragdoll.bodies[linkIndex('Torso')]!;
    torso.applyLinearImpulse({ x: -60, y: 0 }, torso.getWorldCenter(), true);
  }

  /** Dragging a limb pulls it (a planck mouse joint); a click elsewhere throws a ball there. */
  pointer(kind: 'down' | 'move' | 'up', at: Vec2): void {
    const { x, y } = fromScene(at);
    if (kind === 'down') {
      this.grabbed = this.physics.bodyAt(x, y);
      if (this.grabbed) this.physics.grab(this.grabbed, x, y);
      else this.throwBall({ x, y });
    } else if (kind === 'move' && this.grabbed) this.physics.pull(x, y);
    else if (kind === 'up') {
      this.grabbed = null;
      this.physics.release();
    }
  }

  /** One frame: the ground as dragged, the simulation, the view, and the node tree. */
  advance(dt: number, sample: () => void): void {
    this.followTerrain();
    this.physics.advance(Math.min(dt, 0.1), sample);
    const { character, s, camera } = this;
    if (character.pose[0]! > groundEnd(s.ground as PhysicsGround)) {
      this.build();
      this.restarted = 3;
    }
    this.restarted = Math.max(0, this.restarted - dt);
    if (s.ground !== 'treadmill') {
      // The view follows the pelvis, smoothly: a fall or a push does not jerk it.
      camera.x = approach(camera.x, this.character.pose[0]!, 3, dt);
      camera.y = approach(camera.y, this.physics.ground.heightAt(camera.x), 3, dt);
    }
    this.character.ragdoll.readFrames(this.frames);
    this.nodes.sync(this.frames);
  }

  /** The character's bounds, following it over lesson 8's ground. */
  view(): WorldRect {
    if (this.s.ground === 'treadmill') return CHARACTER_BOUNDS;
    const b = CHARACTER_BOUNDS;
    return { ...b, x: b.x + this.camera.x * S, y: b.y - this.camera.y * S };
  }

  /** The pelvis is down: less than 0.6 m above the ground under it. */
  get fallen(): boolean {
    const pose = this.character.pose;
    return pose[1]! - this.physics.ground.heightAt(pose[0]!) < 0.6;
  }

  /** A point dragged since the last frame reshapes the physics ground too. */
  private followTerrain(): void {
    const { terrain } = this;
    terrain.process();
    if (terrain.ground.version === this.synced) return;
    this.synced = terrain.ground.version;
    this.physics.ground.setPoints(terrain.points.map(fromScene));
  }
}
