import { TwoBoneIK2D } from '../ik/two-bone-ik-2d';
import { softenedDistance } from '../ik/two-bone-kernel';
import type { Vec2 } from '../math/vec2';
import { Marker2D } from '../scene/marker2d';
import { processTree } from '../scene/node';
import { twoBoneMeta } from './catalog/two-bone-ik';
import { defineDemo } from './contract';
import { applyFlips, buildChainRig, type Flips, attachIK } from './shared/chain-rig';
import { deg, num, tex, texDeg } from './shared/format';
import { paramSlider } from './shared/param-slider';
import { SolverStepper } from './shared/solver-stepper';

const angleOf = (from: Vec2, to: Vec2) => Math.atan2(to.y - from.y, to.x - from.x);
const turn = (a: number, b: number) => Math.atan2(Math.sin(b - a), Math.cos(b - a));
const clampUnit = (v: number) => Math.max(-1, Math.min(1, v));

/**
 * Lesson 3: two-bone IK by the law of cosines (seed 001 §2). The triangle shoulder–elbow–target
 * is drawn on the chain, with its interior angles α and β as arcs and in the formulas, live.
 * Flip the bend, use a pole, mirror the skeleton or the forearm, change the bone lengths, and
 * soften the arm near full reach (Spine's IK constraint softness).
 */
export const twoBoneDemo = defineDemo({
  ...twoBoneMeta,
  create({ controls }, params) {
    const rig = buildChainRig({
      lengths: [params.upper, params.fore],
      names: ['UpperArm', 'Forearm'],
      curve: 0.7,
      firstRotation: -0.5,
      base: { x: -90, y: 20 },
      target: { x: params.targetX, y: params.targetY },
    });
    const [upper, fore] = rig.bones as [(typeof rig.bones)[0], (typeof rig.bones)[0]];
    const ik = attachIK(rig, new TwoBoneIK2D('TwoBoneIK2D'));
    ik.flipBend = params.flipBend;
    ik.softness = params.softness;
    ik.tolerance = 0.01;
    const pole = new Marker2D('Pole', 'pole');
    pole.position = { x: params.poleX, y: params.poleY };
    const flips: Flips = {
      rootX: params.flipRootX,
      rootY: params.flipRootY,
      middleX: params.flipMiddleX,
      middleY: params.flipMiddleY,
    };
    let stretch = params.stretch;
    applyFlips(rig, flips, stretch);
    const stepper = new SolverStepper(controls, ik);
    const change = (apply: () => void) => {
      apply();
      stepper.invalidate();
    };
    const usePole = (on: boolean) => {
      if (on && !pole.parent) rig.world.addChild(pole);
      if (!on && pole.parent) pole.parent.removeChild(pole);
      ik.polePath = on ? pole.getPathFrom(ik) : '';
    };
    usePole(params.pole);
    const setLengths = (l1: number, l2: number) => {
      upper.length = l1;
      fore.length = l2;
      fore.position = { x: l1, y: 0 };
      fore.setRestFromPose();
    };

    controls.toggle({
      id: 'flipBend',
      label: 'Flip the bend',
      value: ik.flipBend,
      onChange: (v) => change(() => (ik.flipBend = v)),
    });
    controls.toggle({
      id: 'pole',
      label: 'Pole',
      value: params.pole,
      onChange: (v) => change(() => usePole(v)),
    });
    for (const [key, id, label] of [
      ['rootX', 'flipRootX', 'Mirror skeleton x'],
      ['rootY', 'flipRootY', 'Mirror skeleton y'],
      ['middleX', 'flipMiddleX', 'Mirror Forearm x'],
      ['middleY', 'flipMiddleY', 'Mirror Forearm y'],
    ] as const) {
      controls.toggle({
        id,
        label,
        value: flips[key],
        onChange: (v) => change(() => ((flips[key] = v), applyFlips(rig, flips, stretch))),
      });
    }
    paramSlider(controls, 'stretch', twoBoneMeta.params.stretch, stretch, (v) =>
      change(() => ((stretch = v), applyFlips(rig, flips, stretch))),
    );
    controls.slider({
      id: 'upper',
      label: 'UpperArm length',
      min: 20,
      max: 220,
      step: 1,
      value: params.upper,
      onInput: (v) => change(() => setLengths(v, fore.length)),
    });
    controls.slider({
      id: 'fore',
      label: 'Forearm length',
      min: 20,
      max: 220,
      step: 1,
      value: params.fore,
      onInput: (v) => change(() => setLengths(upper.length, v)),
    });
    controls.slider({
      id: 'softness',
      label: 'Softness',
      min: 0,
      max: 80,
      step: 1,
      value: params.softness,
      onInput: (v) => change(() => (ik.softness = v)),
    });

    const out = {
      d: controls.readout({ id: 'distance', label: 'd = |target − shoulder|' }),
      alpha: controls.readout({ id: 'alpha', label: 'α, interior angle at the shoulder' }),
      beta: controls.readout({ id: 'beta', label: 'β, interior angle at the elbow' }),
      r1: controls.readout({ id: 'upper-rotation', label: 'UpperArm local rotation' }),
      r2: controls.readout({ id: 'fore-rotation', label: 'Forearm local rotation' }),
      error: controls.readout({ id: 'error', label: 'Tip to target' }),
      status: controls.readout({ id: 'status', label: 'Result' }),
    };
    const cosines = controls.formula({ id: 'cosines' });
    const angles = controls.formula({ id: 'angles' });
    const rotations = controls.formula({ id: 'rotations' });
    let lastTarget = rig.target.globalPosition;
    let lastPole = pole.globalPosition;

    /**
     * The triangle's numbers from the lengths and the distance (what the solver computes). With
     * softness near full reach, the solver's third side is the softened distance d′, not d.
     */
    const triangle = () => {
      // Measured in the skeleton's own space, where the solver solves: there the arm is rigid
      // even when the skeleton is stretched (and a mirror changes no length).
      const k = rig.skeleton;
      const s = upper.globalPosition;
      const t = rig.target.globalPosition;
      const ls = k.toLocal(s);
      const lt = k.toLocal(t);
      const le = k.toLocal(fore.globalPosition);
      const lh = k.toLocal(fore.tipGlobalPosition);
      const targetDistance = Math.hypot(lt.x - ls.x, lt.y - ls.y);
      const l1 = Math.hypot(le.x - ls.x, le.y - ls.y);
      const l2 = Math.hypot(lh.x - le.x, lh.y - le.y);
      const d = softenedDistance(targetDistance, l1 + l2, ik.softness);
      const cosA = d > 0 ? (d * d + l1 * l1 - l2 * l2) / (2 * d * l1) : 1;
      const cosB = (l1 * l1 + l2 * l2 - d * d) / (2 * l1 * l2);
      return {
        s,
        t,
        /** Shoulder and target in the skeleton's space, and its angle to the target there. */
        aimLocal: Math.atan2(lt.y - ls.y, lt.x - ls.x),
        targetDistance,
        d,
        /** The symbol for the third side: d, or d′ when softness shortens it. */
        side: d !== targetDistance ? "d'" : 'd',
        l1,
        l2,
        cosA,
        cosB,
        alpha: Math.acos(clampUnit(cosA)),
        beta: Math.acos(clampUnit(cosB)),
      };
    };

    return {
      root: rig.world,
      world: { x: -400, y: -300, width: 800, height: 600 },
      update(dt) {
        stepper.update(dt);
        const t = rig.target.globalPosition;
        const p = pole.globalPosition;
        if (
          t.x !== lastTarget.x ||
          t.y !== lastTarget.y ||
          (pole.parent && (p.x !== lastPole.x || p.y !== lastPole.y))
        ) {
          lastTarget = t;
          lastPole = p;
          stepper.invalidate();
        }
        processTree(rig.world, dt);
        const g = triangle();
        const within = g.d <= g.l1 + g.l2 && g.d >= Math.abs(g.l1 - g.l2);
        out.d.set(
          g.d !== g.targetDistance
            ? `${num(g.targetDistance)}; softness aims at d′ = ${num(g.d)}`
            : num(g.d),
        );
        out.alpha.set(within ? deg(g.alpha) : '— (no triangle)');
        out.beta.set(within ? deg(g.beta) : '— (no triangle)');
        out.r1.set(deg(upper.rotation));
        out.r2.set(deg(fore.rotation));
        const tip = fore.tipGlobalPosition;
        out.error.set(num(Math.hypot(tip.x - t.x, tip.y - t.y), 2));
        // While stepping, the outcome shows only at the last sub-step (the bones and the tip
        // error above are the sub-step's).
        const softened = ik.status.ok && g.d !== g.targetDistance && !ik.status.reached;
        out.status.set(
          stepper.resultLine(
            softened
              ? `softened: the arm stays bent near full reach, ${num(ik.status.error, 2)} short of the target`
              : g.targetDistance > g.l1 + g.l2
                ? 'out of reach: both bones point at the target'
                : g.d < Math.abs(g.l1 - g.l2)
                  ? 'too near: nearer than |l₁ − l₂|, folded as near as it gets'
                  : ik.status.ok
                    ? `reached; elbow ${pole.parent ? 'on the pole’s side' : ik.flipBend ? 'flipped' : 'on its default side'}`
                    : ik.status.message,
          ),
        );
        cosines.set(
          `\\alpha = \\arccos\\frac{${g.side}^2 + l_1^2 - l_2^2}{2\\,${g.side}\\,l_1} = \\arccos\\frac{${tex(g.d)}^2 + ${tex(g.l1)}^2 - ${tex(g.l2)}^2}{2 \\cdot ${tex(g.d)} \\cdot ${tex(g.l1)}} = \\arccos(${tex(g.cosA, 3)})` +
            (Math.abs(g.cosA) <= 1
              ? ` = ${texDeg(g.alpha)}`
              : `\\ \\text{(outside }[-1, 1]\\text{: clamped)}`),
        );
        // Stretched, the solver works in the skeleton's space (its angles are not the screen's).
        const space = stretch === 1 ? 'on screen' : 'in the skeleton’s space';
        const aim = stretch === 1 ? angleOf(g.s, g.t) : g.aimLocal;
        // The side the solve really used: a pole overrides Flip the bend.
        const bend = ik.solvedBend;
        angles.set(
          `\\beta = \\arccos\\frac{l_1^2 + l_2^2 - ${g.side}^2}{2\\,l_1 l_2} = \\arccos\\frac{${tex(g.l1)}^2 + ${tex(g.l2)}^2 - ${tex(g.d)}^2}{2 \\cdot ${tex(g.l1)} \\cdot ${tex(g.l2)}} = \\arccos(${tex(g.cosB, 3)})` +
            (Math.abs(g.cosB) <= 1 ? ` = ${texDeg(g.beta)}` : `\\ \\text{(clamped)}`),
        );
        rotations.set(
          `\\theta_1 = \\alpha' ${bend > 0 ? '-' : '+'} \\alpha = ${texDeg(aim)} ${bend > 0 ? '-' : '+'} ${texDeg(g.alpha)} = ${texDeg(aim - bend * g.alpha)} \\qquad \\theta_2 = ${bend > 0 ? '' : '-'}(180^\\circ - \\beta) = ${texDeg(bend * (Math.PI - g.beta))} \\quad \\text{(${space})}`,
        );
      },
      drawOverlay(p) {
        const g = triangle();
        const elbow = fore.globalPosition;
        const tip = fore.tipGlobalPosition;
        if (stretch === 1) {
          p.circle(g.s, g.l1 + g.l2, { color: 'muted', dash: 6, width: 1 });
          if (Math.abs(g.l1 - g.l2) > 0.5)
            p.circle(g.s, Math.abs(g.l1 - g.l2), {
              color: 'target',
              width: 1,
              fill: 'target',
              fillAlpha: 0.08,
            });
        } else {
          // Stretched, the reach is a circle in the skeleton's space: an ellipse on screen.
          const ring = (r: number) => {
            const c = rig.skeleton.toLocal(g.s);
            return Array.from({ length: 73 }, (_, i) =>
              rig.skeleton.toGlobal({
                x: c.x + r * Math.cos((i / 72) * 2 * Math.PI),
                y: c.y + r * Math.sin((i / 72) * 2 * Math.PI),
              }),
            );
          };
          p.polyline(ring(g.l1 + g.l2), { color: 'muted', dash: 6, width: 1 });
          if (Math.abs(g.l1 - g.l2) > 0.5)
            p.polyline(ring(Math.abs(g.l1 - g.l2)), { color: 'target', width: 1 });
        }
        p.line(g.s, g.t, { color: 'muted', dash: 4 });
        p.text(
          `d = ${num(g.targetDistance)}`,
          { x: (g.s.x + g.t.x) / 2, y: (g.s.y + g.t.y) / 2 },
          { color: 'muted', offsetPx: { x: 6, y: 4 } },
        );
        // α at the shoulder: from the line to the target to the upper arm. β inside the elbow.
        if (pole.parent)
          p.line(elbow, pole.globalPosition, { color: 'pole', dash: 3, alpha: 0.6, width: 1 });
        // (Stretched, the screen's angles are not the triangle's: the formulas give those.)
        if (stretch !== 1) return;
        const a0 = angleOf(g.s, g.t);
        const a1 = a0 + turn(a0, angleOf(g.s, elbow));
        if (Math.abs(a1 - a0) > 0.01) {
          p.arcPx(g.s, 46, a0, a1, { color: 'accent', width: 2.5 });
          p.text(`α ${deg(Math.abs(a1 - a0), 0)}`, g.s, {
            color: 'accent',
            offsetPx: { x: 50 * Math.cos((a0 + a1) / 2) - 8, y: 50 * Math.sin((a0 + a1) / 2) - 8 },
          });
        }
        const b0 = angleOf(elbow, g.s);
        const b1 = b0 + turn(b0, angleOf(elbow, tip));
        p.arcPx(elbow, 36, b0, b1, { color: 'pole', width: 2.5 });
        p.text(`β ${deg(Math.abs(b1 - b0), 0)}`, elbow, {
          color: 'pole',
          offsetPx: { x: 40 * Math.cos((b0 + b1) / 2) - 8, y: 40 * Math.sin((b0 + b1) / 2) - 8 },
        });
      },
      currentParams: () => ({
        targetX: Math.round(rig.target.position.x),
        targetY: Math.round(rig.target.position.y),
        upper: upper.length,
        fore: fore.length,
        flipBend: ik.flipBend,
        softness: ik.softness,
        pole: pole.parent !== null,
        poleX: Math.round(pole.position.x),
        poleY: Math.round(pole.position.y),
        flipRootX: flips.rootX,
        flipRootY: flips.rootY,
        flipMiddleX: flips.middleX,
        flipMiddleY: flips.middleY,
        stretch,
      }),
    };
  },
});
