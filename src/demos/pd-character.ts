import type { Body } from 'planck';
import type { Vec2 } from '../math/vec2';
import {
  BODY_PLAN,
  type ControllerMode,
  criticallyDampedN,
  type KeyframeTrack,
  linkFrames,
  linkIndex,
  newPose,
  PhysicsCharacter,
  PhysicsScene,
  type RootPolicy,
  sagittalTrack,
  seedN,
  squatTrack,
  waveTrack,
} from '../physics';
import { Node2D } from '../scene/node2d';
import { rigFromBvh } from '../walk3d/rig';
import { JOINT_NAMES, PARAMS, pdCharacterMeta, WORLD } from './catalog/pd-character';
import { defineDemo } from './contract';
import { drawCharacter } from './shared/physics-overlay';
import { paramSlider } from './shared/param-slider';
import { shippedClip } from './shared/shipped-clips';
import { num, tex } from './shared/format';
import { Every, FORMULA_PERIOD } from './shared/every';

/** Scene units per metre; the scene's y grows downwards. */
const S = 100;
const toScene = (x: number, y: number): Vec2 => ({ x: x * S, y: -y * S });
const HISTORY = 240;

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
 * Lesson 15: seed 004's physics character. planck.js bodies track the course's walk (or idle,
 * wave, squat) with PD torques whose gains come from each joint's composite inertia; the
 * student switches controller, root policy and gains, pulls limbs and throws balls.
 */
export const pdCharacterDemo = defineDemo({
  ...pdCharacterMeta,
  create({ controls }, params) {
    const tracks = loadTracks();
    const scene = new PhysicsScene([
      { x: -30, y: 0 },
      { x: 30, y: 0 },
    ]);
    const character = scene.add(
      new PhysicsCharacter(scene.world, scene.ground, tracks[params.clip]!),
    );
    const st = character.settings;
    let joint = params.joint;
    let blend = params.blend;
    const apply = () => {
      st.gainMode = params.gains === 'manual' ? 'manual' : 'analytic';
      st.tHat = params.tHat;
      st.n = params.n;
      st.manualKs.fill(params.ks);
      st.manualKd.fill(params.kd);
      st.tauMax = params.tauMax > 0 ? params.tauMax : Infinity;
      st.parentCompensation = params.compensation;
      st.autoRagdoll = params.auto;
      st.rootStrength = params.strength;
      scene.ground.belt = character.track.speed;
    };
    apply();
    character.setRootPolicy(params.root as RootPolicy);
    character.setMode(params.mode as ControllerMode);

    // Plot history of the chosen joint.
    const goalH = new Float64Array(HISTORY);
    const angleH = new Float64Array(HISTORY);
    const tauH = new Float64Array(HISTORY);
    const limitH = new Float64Array(HISTORY);
    const negLimitH = new Float64Array(HISTORY);
    const ksH = new Float64Array(HISTORY);
    const kdH = new Float64Array(HISTORY);
    const errH = new Float64Array(HISTORY);
    const push = (a: Float64Array, v: number) => {
      a.copyWithin(0, 1);
      a[HISTORY - 1] = v;
    };

    const modeButtons = new Map<ControllerMode, ReturnType<typeof controls.button>>();
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
    const throwBall = (at: Vec2 = { x: character.pose[0]!, y: character.pose[1]! + 0.3 }) => {
      const from = { x: at.x - 3, y: at.y + 0.4 };
      const t = 0.25;
      scene.throwBall(from, { x: (at.x - from.x) / t, y: (at.y - from.y) / t + 4.9 * t });
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
      onClick: () => shove(),
    });
    const shove = () => {
      const torso = character.ragdoll.bodies[linkIndex('Torso')]!;
      torso.applyLinearImpulse({ x: -60, y: 0 }, torso.getWorldCenter(), true);
    };
    controls.choice({
      id: 'clip',
      label: PARAMS.clip.label,
      options: PARAMS.clip.options,
      value: params.clip,
      onChange: (v) => {
        params.clip = v;
        character.track = tracks[v]!;
        character.clipTime = 0;
        apply();
      },
    });
    controls.choice({
      id: 'root',
      label: PARAMS.root.label,
      options: PARAMS.root.options,
      value: params.root,
      onChange: (v) => {
        params.root = v;
        character.setRootPolicy(v as RootPolicy);
      },
    });
    paramSlider(controls, 'strength', PARAMS.strength, params.strength, (v) => {
      params.strength = v;
      apply();
    });
    controls.choice({
      id: 'gains',
      label: PARAMS.gains.label,
      options: PARAMS.gains.options,
      value: params.gains,
      onChange: (v) => {
        params.gains = v;
        apply();
      },
    });
    paramSlider(
      controls,
      'tHat',
      PARAMS.tHat,
      params.tHat,
      (v) => {
        params.tHat = v;
        apply();
      },
      ' s',
    );
    const nSlider = paramSlider(controls, 'n', PARAMS.n, params.n, (v) => {
      params.n = v;
      apply();
    });
    controls.button({
      id: 'n-seed',
      label: `n = −1/ln 0.9 = ${num(seedN(0.9), 2)} (seed)`,
      onClick: () => {
        params.n = Math.round(seedN(0.9) * 100) / 100;
        nSlider.set(params.n);
        apply();
      },
    });
    controls.button({
      id: 'n-ten',
      label: `n = ${num(criticallyDampedN(0.9), 2)} (really 10% in t̂)`,
      onClick: () => {
        params.n = Math.round(criticallyDampedN(0.9) * 100) / 100;
        nSlider.set(params.n);
        apply();
      },
    });
    paramSlider(controls, 'ks', PARAMS.ks, params.ks, (v) => {
      params.ks = v;
      apply();
    });
    paramSlider(controls, 'kd', PARAMS.kd, params.kd, (v) => {
      params.kd = v;
      apply();
    });
    paramSlider(
      controls,
      'tauMax',
      PARAMS.tauMax,
      params.tauMax,
      (v) => {
        params.tauMax = v;
        apply();
      },
      ' N·m',
    );
    controls.toggle({
      id: 'compensation',
      label: PARAMS.compensation.label,
      value: params.compensation,
      onChange: (v) => {
        params.compensation = v;
        apply();
      },
    });
    controls.toggle({
      id: 'auto',
      label: PARAMS.auto.label,
      value: params.auto,
      onChange: (v) => {
        params.auto = v;
        apply();
      },
    });
    paramSlider(controls, 'blend', PARAMS.blend, params.blend, (v) => {
      params.blend = blend = v;
    });
    controls.choice({
      id: 'joint',
      label: PARAMS.joint.label,
      options: JOINT_NAMES,
      value: joint,
      onChange: (v) => {
        params.joint = joint = v;
      },
    });

    const status = controls.readout({ id: 'status', label: 'What holds it' });
    const err = controls.readout({ id: 'error', label: 'Worst joint error' });
    const gainsOut = controls.readout({ id: 'gains-now', label: 'Plotted joint' });
    const formula = controls.formula({ id: 'pd-law' });
    const anglePlot = controls.plot({
      id: 'angle',
      label: 'θ̂ (target) and θ (body), plotted joint',
      xLabel: 'last 4 s',
      yLabel: 'degrees',
    });
    const torquePlot = controls.plot({
      id: 'torque',
      label: 'τ and the limit ±τ_max',
      xLabel: 'last 4 s',
      yLabel: 'N·m',
    });
    const gainPlot = controls.plot({
      id: 'gains',
      label: 'k_s and k_d (they follow the pose)',
      xLabel: 'last 4 s',
      yLabel: 'k_s, k_d',
      logY: true,
    });
    const errPlot = controls.plot({
      id: 'err',
      label: 'Tracking error |θ̂ − θ|, plotted joint',
      xLabel: 'last 4 s',
      yLabel: 'degrees',
    });
    const slow = new Every(FORMULA_PERIOD);

    // Dragging a limb pulls it (a planck mouse joint); a click elsewhere throws a ball there.
    let grabbed: Body | null = null;
    const frames = new Float64Array(3 * BODY_PLAN.length);
    const ghost = new Float64Array(3 * BODY_PLAN.length);
    const scratch = newPose(BODY_PLAN);
    const deg = (r: number) => (r * 180) / Math.PI;

    return {
      root: new Node2D('World'),
      world: WORLD,
      keyHelp:
        'K kinematic, P PD, R ragdoll, B throw a ball, Space shove. Drag a limb to pull it; click the air to throw a ball there.',
      onKey(key, down) {
        if (!down) return ['k', 'p', 'r', 'b', ' '].includes(key.toLowerCase());
        const k = key.toLowerCase();
        if (k === 'k') setMode('kinematic');
        else if (k === 'p') setMode('pd');
        else if (k === 'r') setMode('ragdoll');
        else if (k === 'b') throwBall();
        else if (k === ' ') shove();
        else return false;
        return true;
      },
      onPointer(kind, at) {
        const x = at.x / S;
        const y = -at.y / S;
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
      update(dt) {
        scene.advance(Math.min(dt, 0.1));
        const j = linkIndex(joint);
        const t = character.tracker;
        push(goalH, deg(character.goal[j + 2]!));
        push(angleH, deg(character.pose[j + 2]!));
        push(tauH, t.torque[j]!);
        const lim = Number.isFinite(st.tauMax) ? st.tauMax : NaN;
        push(limitH, lim);
        push(negLimitH, -lim);
        push(ksH, Math.max(1e-3, t.ks[j]!));
        push(kdH, Math.max(1e-3, t.kd[j]!));
        push(errH, Math.abs(deg(character.error[j]!)));
        for (const [m, b] of modeButtons) b.setPressed(m === character.mode);
        const fallen = character.pose[1]! - scene.ground.heightAt(character.pose[0]!) < 0.6;
        status.set(
          character.mode === 'kinematic'
            ? 'Kinematic: the animation moves every body; nothing pushes back.'
            : character.mode === 'ragdoll'
              ? `Ragdoll: no joint torques, only gravity and contacts${character.autoReason ? ` (let go after ${character.autoReason}; it gets up once it settles)` : ''}.`
              : st.rootPolicy === 'pinned'
                ? 'PD torques on every joint; the pelvis is pinned to the animation.'
                : st.rootPolicy === 'spring'
                  ? `PD torques; a weak spring (${num(st.rootStrength * 14, 1)} rad/s) pulls the pelvis towards the animation.`
                  : fallen
                    ? 'Free root: PD torques alone cannot balance a body (seed 004 has no balance controller), so it fell.'
                    : 'Free root: PD torques alone, no balance controller (seed 004 has none): it will fall.',
        );
        let worst = 0;
        for (let i = 1; i < character.error.length; i++)
          worst = Math.max(worst, Math.abs(character.error[i]!));
        err.set(
          `${num(deg(worst), 1)}°${character.saturationTime > 0 ? `, torque at its limit for ${num(character.saturationTime, 2)} s` : ''}`,
        );
        gainsOut.set(
          `m = ${num(character.inertia.aboutJoint[j]!, 3)} kg·m², k_s = ${num(t.ks[j]!, 1)}, k_d = ${num(t.kd[j]!, 1)}, τ = ${num(t.torque[j]!, 1)} N·m`,
        );
        if (slow.tick(dt)) {
          formula.set(
            `\\tau = k_s(\\hat\\theta-\\theta) + k_d(\\hat\\omega-\\omega) = ${tex(t.ks[j]!, 0)}\\cdot(${tex(deg(character.error[j]!), 1)}^\\circ) + ${tex(t.kd[j]!, 1)}\\cdot(\\hat\\omega-\\omega) = ${tex(t.torque[j]!, 1)}\\,\\text{N·m}`,
          );
          anglePlot.set([
            { label: 'θ̂', color: 'var(--plot-2)', values: goalH },
            { label: 'θ', color: 'var(--plot-1)', values: angleH },
          ]);
          torquePlot.set([
            { label: 'τ', color: 'var(--plot-1)', values: tauH },
            { label: '+τ_max', color: 'var(--plot-3)', values: limitH },
            { label: '−τ_max', color: 'var(--plot-3)', values: negLimitH },
          ]);
          gainPlot.set([
            { label: 'k_s', color: 'var(--plot-1)', values: ksH },
            { label: 'k_d', color: 'var(--plot-2)', values: kdH },
          ]);
          errPlot.set([{ label: '|θ̂ − θ|', color: 'var(--plot-4)', values: errH }]);
        }
      },
      drawOverlay(p) {
        const ground = scene.ground.profile.map((q) => toScene(q.x, q.y));
        p.polyline(ground, { color: 'groundEdge', width: 3 });
        linkFrames(BODY_PLAN, character.goal, ghost);
        character.shownFrames(blend, frames, scratch);
        drawCharacter(p, BODY_PLAN, ghost, { ghost: true });
        drawCharacter(p, BODY_PLAN, frames, {
          saturated: (i) => character.mode === 'pd' && character.tracker.saturated(i),
          highlight: linkIndex(joint),
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
