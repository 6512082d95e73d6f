import type { Body } from 'planck';
import { DEG } from '../../math/angles';
import type { Vec2 } from '../../math/vec2';
import {
  BODY_PLAN,
  type ControllerMode,
  type KeyframeTrack,
  linkFrames,
  linkIndex,
  newPose,
  PhysicsCharacter,
  PhysicsScene,
  ROOT_SPRING_MAX,
  type RootPolicy,
  sagittalTrack,
  squatTrack,
  waveTrack,
} from '../../physics';
import { approach } from '../../procedural/smoothing';
import { Terrain2D } from '../../procedural/terrain/terrain-2d';
import { Node2D } from '../../scene/node2d';
import { rigFromBvh } from '../../walk3d/rig';
import { PARAMS, pdCharacterMeta, type PhysicsGround, WORLD } from './meta';
import { defineDemo } from '../contract';
import { Every, FORMULA_PERIOD } from '../shared/every';
import { num, tex } from '../shared/format';
import { paramSlider } from '../shared/param-slider';
import { schemaSliders, tHatAndN } from '../shared/pd-controls';
import { PDPlots } from '../shared/pd-plots';
import { drawCharacter } from '../shared/physics-overlay';
import { groundEnd, groundPoints } from '../shared/physics-grounds';
import { CharacterNodes, fromScene, PHYSICS_SCALE as S, toScene } from '../shared/physics-nodes';
import { shippedClip } from '../shared/shipped-clips';

function loadTracks(): Record<string, KeyframeTrack> {
  const rig = rigFromBvh(shippedClip('walk'), shippedClip('idle'));
  return {
    walk: sagittalTrack(rig, 'walk'),
    idle: sagittalTrack(rig, 'idle'),
    wave: waveTrack(),
    squat: squatTrack(),
  };
}

/** What holds the character, in words, for the status readout. */
function holdingText(c: PhysicsCharacter, fallen: boolean): string {
  if (c.mode === 'kinematic')
    return 'Kinematic: the animation moves every body; nothing pushes back.';
  if (c.mode === 'ragdoll')
    return `Ragdoll: no joint torques, only gravity and contacts${c.autoReason ? ` (let go after ${c.autoReason}; it gets up once it settles)` : ''}.`;
  const root = c.settings.rootPolicy;
  if (root === 'pinned') return 'PD torques on every joint; the pelvis is pinned to the animation.';
  if (root === 'spring')
    return `PD torques; a weak spring (${num(c.settings.rootStrength * ROOT_SPRING_MAX, 1)} rad/s) pulls the pelvis towards the animation.`;
  return fallen
    ? 'Free root: PD torques alone cannot balance a body (seed 004 has no balance controller), so it fell.'
    : 'Free root: PD torques alone, no balance controller (seed 004 has none): it will fall.';
}

/** The manual gains: one pair when every joint has the same, else each joint's. */
function manualGainsText(ks: Float64Array, kd: Float64Array): string {
  const same =
    ks.every((v, i) => i === 0 || v === ks[1]) && kd.every((v, i) => i === 0 || v === kd[1]);
  if (same) return `every joint ${num(ks[1]!, 0)} / ${num(kd[1]!, 0)}`;
  return BODY_PLAN.slice(1)
    .map((l, i) => `${l.name} ${num(ks[i + 1]!, 0)} / ${num(kd[i + 1]!, 0)}`)
    .join(', ');
}

/**
 * Lesson 16: seed 004's physics character. planck.js bodies track the course's walk (or idle,
 * wave, squat) with PD torques whose gains come from each joint's composite inertia; the
 * student switches controller, root policy and gains, pulls limbs and throws balls.
 */
export const pdCharacterDemo = defineDemo({
  ...pdCharacterMeta,
  create({ controls }, params) {
    const tracks = loadTracks();
    // The student's manual gains, per joint: they outlive a rebuilt scene.
    const manualKs = new Float64Array(BODY_PLAN.length).fill(params.ks);
    const manualKd = new Float64Array(BODY_PLAN.length).fill(params.kd);
    let plotted = linkIndex(params.joint);
    let scene!: PhysicsScene;
    let character!: PhysicsCharacter;
    // The ground as lesson 8's node: drawn filled, its points draggable off the treadmill.
    const terrain = new Terrain2D('Ground');
    /** The ground path's version the physics ground was last given (a drag bumps it). */
    let synced = -1;
    const camera = { x: 0, y: 0 };
    /** Seconds left to say the character was put back at the start. */
    let restarted = 0;
    const apply = () => {
      const st = character.settings;
      st.gainMode = params.gains === 'manual' ? 'manual' : 'analytic';
      st.tHat = params.tHat;
      st.n = params.n;
      st.manualKs.set(manualKs);
      st.manualKd.set(manualKd);
      st.tauMax = params.tauMax > 0 ? params.tauMax : Infinity;
      st.parentCompensation = params.compensation;
      st.autoRagdoll = params.auto;
      st.rootStrength = params.strength;
      // On the treadmill the walk stays in place and the belt carries the feet back; on lesson
      // 7's ground the animated root travels forwards over it.
      st.travel = params.ground !== 'treadmill';
      scene.ground.belt = st.travel ? 0 : character.track.speed;
    };
    /** A new world on the chosen ground, the character at its start. */
    const build = () => {
      scene?.destroy();
      scene = new PhysicsScene(groundPoints(params.ground as PhysicsGround));
      terrain.editable = false;
      terrain.points = scene.ground.profile.map((q) => toScene(q.x, q.y));
      terrain.editable = params.ground !== 'treadmill';
      terrain.process();
      synced = terrain.ground.version;
      character = scene.add(new PhysicsCharacter(scene.world, scene.ground, tracks[params.clip]!));
      apply();
      character.setRootPolicy(params.root as RootPolicy);
      character.setMode(params.mode as ControllerMode);
      camera.x = 0;
      camera.y = scene.ground.heightAt(0);
    };
    build();

    const modeButtons = new Map<ControllerMode, ReturnType<typeof controls.button>>();
    let shownMode: ControllerMode | null = null;
    const setMode = (m: ControllerMode) => {
      character.setMode(m);
      params.mode = m;
    };
    for (const [m, label, key] of [
      ['kinematic', 'Kinematic (FK)', 'K'],
      ['pd', 'PD', 'P'],
      ['ragdoll', 'Ragdoll', 'R'],
    ] as const)
      modeButtons.set(
        m,
        controls.button({
          id: `mode-${m}`,
          label,
          title: `${label}: key ${key}`,
          onClick: () => setMode(m),
        }),
      );
    /** A ball from 3 m behind the point, timed to reach it in a quarter of a second. */
    const throwBall = (at: Vec2 = { x: character.pose[0]!, y: character.pose[1]! + 0.3 }) => {
      const from = { x: at.x - 3, y: at.y + 0.4 };
      const t = 0.25;
      scene.throwBall(from, { x: (at.x - from.x) / t, y: (at.y - from.y) / t + 4.9 * t });
    };
    const shove = () => {
      const torso = character.ragdoll.bodies[linkIndex('Torso')]!;
      torso.applyLinearImpulse({ x: -60, y: 0 }, torso.getWorldCenter(), true);
    };
    controls.button({
      id: 'ball',
      label: 'Throw a ball',
      title: 'Throw a ball at the chest: key B',
      onClick: () => throwBall(),
    });
    controls.button({
      id: 'shove',
      label: 'Shove',
      title: 'Push the torso backwards: key Space',
      onClick: shove,
    });

    // The schema's choices, toggles and sliders, each writing its value and re-applying.
    const choose = (
      key: 'clip' | 'ground' | 'root' | 'gains' | 'joint',
      then: (v: string) => void,
    ) =>
      controls.choice({
        id: key,
        label: PARAMS[key].label,
        options: PARAMS[key].options,
        value: params[key],
        onChange: (v) => {
          params[key] = v;
          then(v);
        },
      });
    choose('clip', (v) => {
      character.setTrack(tracks[v]!);
      apply();
    });
    choose('ground', () => {
      restarted = 0;
      build();
    });
    choose('root', (v) => character.setRootPolicy(v as RootPolicy));
    choose('gains', apply);
    const slider = schemaSliders(controls, PARAMS, params, apply, { tHat: ' s', tauMax: ' N·m' });
    slider('strength');
    tHatAndN(controls, slider, params, apply);
    /** A manual gain: for every joint, or (per joint) only the plotted one. */
    const gainSlider = (key: 'ks' | 'kd', gains: Float64Array) =>
      paramSlider(controls, key, PARAMS[key], params[key], (v) => {
        params[key] = v;
        if (params.perJoint) gains[plotted] = v;
        else gains.fill(v);
        apply();
      });
    const ksSlider = gainSlider('ks', manualKs);
    const kdSlider = gainSlider('kd', manualKd);
    /** The sliders show the plotted joint's own gains. */
    const showJointGains = () => {
      params.ks = manualKs[plotted]!;
      params.kd = manualKd[plotted]!;
      ksSlider.set(params.ks);
      kdSlider.set(params.kd);
    };
    controls.toggle({
      id: 'perJoint',
      label: PARAMS.perJoint.label,
      value: params.perJoint,
      onChange: (v) => {
        params.perJoint = v;
        if (v) showJointGains();
      },
    });
    slider('tauMax');
    for (const key of ['compensation', 'auto'] as const)
      controls.toggle({
        id: key,
        label: PARAMS[key].label,
        value: params[key],
        onChange: (v) => {
          params[key] = v;
          apply();
        },
      });
    slider('blend');
    choose('joint', (v) => {
      plotted = linkIndex(v);
      if (params.perJoint) showJointGains();
    });

    const status = controls.readout({ id: 'status', label: 'What holds it' });
    const manualOut = controls.readout({ id: 'manual-gains', label: 'Manual k_s / k_d per joint' });
    const err = controls.readout({ id: 'error', label: 'Worst joint error' });
    const gainsOut = controls.readout({ id: 'gains-now', label: 'Plotted joint' });
    const formula = controls.formula({ id: 'pd-law' });
    const plots = new PDPlots(controls);
    const slow = new Every(FORMULA_PERIOD);
    let sinceSample = 0;
    const sample = () => {
      // One sample every other 1/120 s step: 60 a simulated second.
      if (++sinceSample < 2) return;
      sinceSample = 0;
      plots.record(character, plotted);
    };

    const nodes = new CharacterNodes(BODY_PLAN);
    const world = new Node2D('World');
    world.addChild(terrain);
    world.addChild(nodes.root);
    /** A point dragged since the last frame reshapes the physics ground too. */
    const followTerrain = () => {
      terrain.process();
      if (terrain.ground.version === synced) return;
      synced = terrain.ground.version;
      scene.ground.setPoints(terrain.points.map(fromScene));
    };
    // Dragging a limb pulls it (a planck mouse joint); a click elsewhere throws a ball there.
    let grabbed: Body | null = null;
    const frames = new Float64Array(3 * BODY_PLAN.length);
    const ghost = new Float64Array(3 * BODY_PLAN.length);
    const scratch = newPose(BODY_PLAN);

    return {
      root: world,
      world: WORLD,
      // Thirteen links and over a hundred ground points: listed on request, not pushing the controls
      // off a phone's screen.
      foldedInTree: (node) => node === nodes.root || node === terrain,
      keyHelp:
        'K kinematic, P PD, R ragdoll, B throw a ball, Space shove. Drag a limb to pull it; click the air to throw a ball there.',
      onKey(key, down) {
        const k = key.toLowerCase();
        const action = {
          k: () => setMode('kinematic'),
          p: () => setMode('pd'),
          r: () => setMode('ragdoll'),
          b: () => throwBall(),
          ' ': shove,
        }[k];
        if (action && down) action();
        return action !== undefined;
      },
      onPointer(kind, at) {
        const { x, y } = fromScene(at);
        if (kind === 'down') {
          grabbed = scene.bodyAt(x, y);
          if (grabbed) scene.grab(grabbed, x, y);
          else throwBall({ x, y });
        } else if (kind === 'move' && grabbed) scene.pull(x, y);
        else if (kind === 'up') {
          grabbed = null;
          scene.release();
        }
      },
      view: () =>
        params.ground === 'treadmill'
          ? WORLD
          : {
              ...WORLD,
              x: WORLD.x + camera.x * S,
              y: WORLD.y - camera.y * S,
            },
      update(dt) {
        followTerrain();
        scene.advance(Math.min(dt, 0.1), sample);
        const pelvisX = character.pose[0]!;
        if (pelvisX > groundEnd(params.ground as PhysicsGround)) {
          build();
          restarted = 3;
        }
        restarted = Math.max(0, restarted - dt);
        if (params.ground !== 'treadmill') {
          // The view follows the pelvis, smoothly: a fall or a push does not jerk it.
          camera.x = approach(camera.x, character.pose[0]!, 3, dt);
          camera.y = approach(camera.y, scene.ground.heightAt(camera.x), 3, dt);
        }
        character.ragdoll.readFrames(frames);
        nodes.sync(frames);
        if (shownMode !== character.mode) {
          shownMode = character.mode;
          for (const [m, b] of modeButtons) b.setPressed(m === shownMode);
        }
        const fallen = character.pose[1]! - scene.ground.heightAt(character.pose[0]!) < 0.6;
        status.set(
          `${holdingText(character, fallen)}${restarted > 0 ? ' It reached the end of the ground and starts again.' : ''}`,
        );
        let worst = 0;
        for (let i = 1; i < character.error.length; i++)
          worst = Math.max(worst, Math.abs(character.error[i]!));
        err.set(
          `${num(worst * DEG, 1)}°${character.saturationTime > 0 ? `, torque at its limit for ${num(character.saturationTime, 2)} s` : ''}`,
        );
        const t = character.tracker;
        const j = plotted;
        gainsOut.set(
          `m = ${num(character.inertia.aboutJoint[j]!, 3)} kg·m², k_s = ${num(t.ks[j]!, 1)}, k_d = ${num(t.kd[j]!, 1)}, τ = ${num(t.torque[j]!, 1)} N·m`,
        );
        if (slow.tick(dt)) {
          formula.set(
            `\\tau = k_s(\\hat\\theta-\\theta) + k_d(\\hat\\omega-\\omega) = ${tex(t.ks[j]!, 0)}\\cdot(${tex(character.error[j]! * DEG, 1)}^\\circ) + ${tex(t.kd[j]!, 1)}\\cdot(\\hat\\omega-\\omega) = ${tex(t.torque[j]!, 1)}\\,\\text{N·m}`,
          );
          plots.draw();
          manualOut.set(manualGainsText(manualKs, manualKd));
        }
      },
      drawOverlay(p) {
        linkFrames(BODY_PLAN, character.goal, ghost);
        character.shownFrames(params.blend, frames, scratch);
        drawCharacter(p, BODY_PLAN, ghost, { ghost: true });
        drawCharacter(p, BODY_PLAN, frames, {
          saturated: (i) => character.mode === 'pd' && character.tracker.saturated(i),
          highlight: plotted,
        });
        for (const ball of scene.balls) {
          const c = ball.body.getPosition();
          p.circle(toScene(c.x, c.y), 10, { color: 'boneOutline', fill: 'target', fillAlpha: 0.9 });
        }
        const d = scene.dragging;
        if (d)
          p.line(toScene(d.anchor.x, d.anchor.y), toScene(d.target.x, d.target.y), {
            color: 'target',
            width: 2,
            dash: 6,
          });
      },
      currentParams: () => ({ ...params }),
      destroy() {
        scene.destroy();
      },
    };
  },
});
