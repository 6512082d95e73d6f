import { describe, expect, test } from 'vitest';
import { analyticGains, criticallyDampedN, seedN } from '../../src/physics/gains';
import { OneJoint, stepResponse } from '../../src/physics/one-joint';
import { LabelPlacer } from '../../src/render/label-placement';
import { LABEL_FIELDS } from '../../src/render/overlay-painter';
import { Viewport } from '../../src/render/viewport';
import { Bone2D } from '../../src/scene/bone2d';
import { runDemo } from './fake-controls';

/**
 * The figure's labels as the page places them (7 px a character, 16 px high, as 13-px system-ui
 * is): each asked spot, then the placement pass that moves labels off each other and the bar.
 */
function placedLabels(demo: ReturnType<typeof runDemo>['demo']) {
  const viewport = new Viewport(demo.world, 400, 400);
  const asked: number[] = [];
  const texts: { text: string; width: number; height: number; x: number; y: number }[] = [];
  const painter = new Proxy(
    {},
    {
      get: (_t, name) =>
        name === 'text'
          ? (
              text: string,
              at: { x: number; y: number },
              style: { offsetPx?: { x: number; y: number }; pinned?: boolean } = {},
            ) => {
              const p = viewport.toScreen(at);
              const o = style.offsetPx ?? { x: 6, y: -18 };
              asked.push(p.x, p.y, o.x, o.y, style.pinned ? 1 : 0);
              texts.push({ text, width: 7 * text.length, height: 16, x: NaN, y: NaN });
            }
          : () => {},
    },
  );
  demo.drawOverlay!(painter as never);
  const placed = texts.map((t) => ({
    ...t,
    position: { set: (x: number, y: number) => void ((t.x = x), (t.y = y)) },
  }));
  new LabelPlacer().placeAll(
    placed,
    new Float64Array(asked),
    texts.length,
    LABEL_FIELDS,
    demo.root.findAll(Bone2D),
    viewport,
  );
  const anchors = texts.map((t, i) => ({
    text: t.text,
    at: viewport.toWorld({ x: asked[i * LABEL_FIELDS]!, y: asked[i * LABEL_FIELDS + 1]! }),
  }));
  return {
    texts,
    anchors,
    pinned: asked.filter((_, i) => i % LABEL_FIELDS === 4 && asked[i] === 1),
  };
}

/**
 * The oracle: the unit step response of m·θ'' = k_s(1 − θ) − k_d·θ', written out here from the
 * characteristic roots (not the project's springResidual): error(t) left of a unit jump.
 */
function exactError(m: number, ks: number, kd: number, t: number): number {
  const a = kd / m;
  const b = ks / m;
  const disc = a * a - 4 * b;
  if (Math.abs(disc) < 1e-9) {
    const r = -a / 2;
    return (1 - r * t) * Math.exp(r * t);
  }
  if (disc > 0) {
    const r1 = (-a + Math.sqrt(disc)) / 2;
    const r2 = (-a - Math.sqrt(disc)) / 2;
    // e(0) = 1, e'(0) = 0.
    return (r2 * Math.exp(r1 * t) - r1 * Math.exp(r2 * t)) / (r2 - r1);
  }
  const s = -a / 2;
  const w = Math.sqrt(-disc) / 2;
  return Math.exp(s * t) * (Math.cos(w * t) - (s / w) * Math.sin(w * t));
}

describe('one joint on a PD spring', () => {
  test('with a fine step it follows the exact spring-damper, whatever the damping', () => {
    const out = new Float64Array(2001);
    const dt = 1 / 4000;
    for (const [m, ks, kd] of [
      [0.5, 60, 2], // under-damped
      [0.5, 60, 2 * Math.sqrt(0.5 * 60)], // critical
      [0.5, 60, 40], // over-damped
    ] as const) {
      stepResponse(m, ks, kd, dt, out);
      let worst = 0;
      for (let i = 0; i < out.length; i++)
        worst = Math.max(worst, Math.abs(out[i]! - exactError(m, ks, kd, i * dt)));
      expect(worst).toBeLessThan(0.01);
    }
  });

  test('analytic gains with n = 3.89 leave 10% at t̂ and the seed’s n = 9.49 leaves almost none', () => {
    const out = new Float64Array(31);
    const m = 0.5;
    const tHat = 0.25;
    for (const [n, left] of [
      [criticallyDampedN(0.9), 0.1],
      [seedN(0.9), 0.0008],
    ] as const) {
      const g = analyticGains(m, tHat, n, { ks: 0, kd: 0 });
      expect(Math.abs(exactError(m, g.ks, g.kd, tHat) - left)).toBeLessThan(0.0005);
      // At the engine's 120 steps a second the simulated joint is near, not exactly, there.
      stepResponse(m, g.ks, g.kd, 1 / 120, out);
      expect(Math.abs(out[30]! - left)).toBeLessThan(0.05);
      // Critically damped: it never overshoots.
      expect(Math.min(...out)).toBeGreaterThan(-1e-9);
    }
  });

  test('lesson 16’s challenge can be solved: some n on the slider leaves 4.9–5.1% at t̂', () => {
    const out = new Float64Array(31);
    const solving: number[] = [];
    for (let n = 0.5; n <= 12; n += 0.01) {
      const g = analyticGains(0.5, 0.25, n, { ks: 0, kd: 0 });
      stepResponse(0.5, g.ks, g.kd, 1 / 120, out);
      if (out[30]! >= 0.049 && out[30]! <= 0.051) solving.push(n);
    }
    expect(solving.length).toBeGreaterThan(0);
  });

  test('the seed’s printed torque, −2(m/λ)(ω̂ − ω), is negative damping: a small error grows', () => {
    const m = 0.5;
    const g = analyticGains(m, 0.25, seedN(0.9), { ks: 0, kd: 0 });
    const swing = (kd: number) => {
      const j = new OneJoint();
      j.inertia = m;
      j.ks = g.ks;
      j.kd = kd;
      j.goal = 0.001;
      let worst = 0;
      for (let i = 0; i < 12; i++) {
        j.step(1 / 120);
        worst = Math.max(worst, Math.abs(j.error));
      }
      return worst;
    };
    // This course's +2m/λ: the error only shrinks. The seed's sign: within 0.1 s it is 10 times
    // the starting error and growing.
    expect(swing(g.kd)).toBeLessThanOrEqual(0.001);
    expect(swing(-g.kd)).toBeGreaterThan(0.01);
  });

  test('under-damped gains overshoot; too stiff a spring for the step never turns into NaN', () => {
    const out = new Float64Array(121);
    stepResponse(0.5, 60, 1, 1 / 120, out);
    expect(Math.min(...out)).toBeLessThan(-0.3);
    const j = new OneJoint();
    j.inertia = 0.05;
    j.ks = 4000;
    j.goal = 1;
    for (let i = 0; i < 10_000; i++) j.step(1 / 120);
    expect(Number.isFinite(j.theta) && Number.isFinite(j.omega)).toBe(true);
  });

  test('the figure records the error after a jump and reports it at t̂ next to the ideal', () => {
    const { demo, controls } = runDemo('pd-joint', { tHat: '0.25', n: '3.89' });
    expect(controls.readouts.get('zeta')).toMatch(/^1\.00: critically damped/);
    controls.act('jump-now');
    for (let i = 0; i < 60; i++) demo.update(1 / 60);
    const left = controls.readouts.get('left')!;
    const [measured, ideal] = [...left.matchAll(/(-?[\d.]+)%/g)].map((m) => Number(m[1]));
    expect(Math.abs(ideal! - 10)).toBeLessThan(0.2);
    expect(Math.abs(measured! - ideal!)).toBeLessThan(5);
    const plot = controls.plots.get('response')!;
    expect(plot.cursor).toBe(30);
    expect(plot.series[0]!.values[0]).toBe(1);
    // Manual gains with little damping: the readout says it overshoots, and it does.
    controls.act('gains', 'manual');
    controls.act('ks', 60);
    controls.act('kd', 1);
    controls.act('jump-now');
    for (let i = 0; i < 60; i++) demo.update(1 / 60);
    expect(controls.readouts.get('zeta')).toMatch(/under-damped/);
    expect(Number(/([\d.]+)%/.exec(controls.readouts.get('overshoot')!)![1])).toBeGreaterThan(30);
  });

  test('θ and θ̂ never sit on each other, whether the arms meet or part; no label is pinned', () => {
    const { demo, controls } = runDemo('pd-joint');
    const overlap = (p: { x: number; y: number; width: number; height: number }, q: typeof p) =>
      Math.min(p.x + p.width, q.x + q.width) - Math.max(p.x, q.x) > 0 &&
      Math.min(p.y + p.height, q.y + q.height) - Math.max(p.y, q.y) > 0;
    let checked = 0;
    // At rest the two arms lie on each other; after a jump they part and meet again.
    for (let jump = 0; jump < 3; jump++) {
      for (let frame = 0; frame < 40; frame++) {
        const { texts, anchors, pinned } = placedLabels(demo);
        expect(pinned).toEqual([]);
        // Each arm's label hangs on that arm's tip: the bar's, and the target's 150 out.
        const bar = demo.root.findAll(Bone2D)[0]!;
        const anchor = (name: string) => anchors.find((a) => a.text === name)!.at;
        const tip = bar.tipGlobalPosition;
        expect(Math.hypot(anchor('θ').x - tip.x, anchor('θ').y - tip.y)).toBeLessThan(1e-6);
        expect(Math.hypot(anchor('θ̂').x, anchor('θ̂').y)).toBeCloseTo(150, 6);
        const names = texts.map((t) => t.text);
        expect(names).toContain('θ');
        expect(names).toContain('θ̂');
        for (let a = 0; a < texts.length; a++)
          for (let b = 0; b < a; b++)
            expect(overlap(texts[a]!, texts[b]!), `${texts[a]!.text} on ${texts[b]!.text}`).toBe(
              false,
            );
        checked++;
        demo.update(1 / 60);
      }
      controls.act('jump-now');
    }
    expect(checked).toBe(120);
  });
});
