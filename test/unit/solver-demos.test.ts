import { mulberry32 } from '../../src/math/random';
import { describe, expect, it, vi } from 'vitest';
import type { DemoInstance } from '../../src/demos/contract';
import { RACE_TIMING } from '../../src/demos/shared/solve-timer';
import { ChainIK2D } from '../../src/ik';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import type { Node2D } from '../../src/scene/node2d';
import { type FakeControls, runDemo } from './fake-controls';

const bonesOf = (root: Node2D) => root.findAll(Bone2D);
const markerOf = (root: Node2D, name: string) =>
  root.findAll(Marker2D).find((m) => m.name === name)!;
const tipError = (demo: DemoInstance) => {
  const bones = bonesOf(demo.root);
  const tip = bones.at(-1)!.tipGlobalPosition;
  const t = markerOf(demo.root, 'Target').globalPosition;
  return Math.hypot(tip.x - t.x, tip.y - t.y);
};
const substep = (c: FakeControls) =>
  c.readouts.get('substep')!.split(' / ').map(Number) as [number, number];
const frame = (demo: DemoInstance, n = 1) => {
  for (let i = 0; i < n; i++) demo.update(1 / 60);
};

describe.each(['two-bone-ik', 'ccd', 'fabrik'])('%s demo', (id) => {
  it('steps one sub-step per click from the rest pose, and ends within tolerance', () => {
    const { demo, controls } = runDemo(id);
    controls.act('step'); // enters stepping: the rest pose, before any sub-step
    frame(demo);
    const [at, total] = substep(controls);
    expect(at).toBe(0);
    expect(total).toBeGreaterThan(1);
    expect(controls.readouts.get('step-what')).toMatch(/rest pose/);
    const errors: number[] = [];
    for (let k = 1; k <= total; k++) {
      controls.act('step');
      frame(demo);
      expect(substep(controls)).toEqual([k, total]);
      expect(controls.readouts.get('step-what')).not.toMatch(/NaN|undefined/);
      errors.push(tipError(demo));
    }
    controls.act('step'); // past the end: stays on the last sub-step
    frame(demo);
    expect(substep(controls)).toEqual([total, total]);
    const tolerance = id === 'two-bone-ik' ? 0.01 : 0.5;
    expect(errors.at(-1)).toBeLessThanOrEqual(tolerance);
    expect(errors[0]).toBeGreaterThan(tolerance);
  });

  it('while stepping, every readout describes the sub-step on show, from the rest pose on', () => {
    const { demo, controls } = runDemo(id);
    const read = (k: string) => controls.readouts.get(k)!;
    const iterations = () => read('iterations').split(' of ').map(Number);
    controls.act('step');
    frame(demo);
    const [, total] = substep(controls);
    // Sub-step 0: the bones are in the rest pose, and the readouts describe it, not the solution.
    const rest = tipError(demo);
    expect(rest).toBeGreaterThan(1);
    expect(Math.abs(Number(read('error')) - rest)).toBeLessThanOrEqual(0.0051);
    expect(read('status')).toBe(`sub-step 0 of ${total}: the rest pose, before the solver starts`);
    if (id !== 'two-bone-ik') expect(iterations()[0]).toBe(0);
    let iteration = 0;
    for (let k = 1; k <= total; k++) {
      controls.act('step');
      frame(demo);
      expect(read('status').startsWith(`sub-step ${k} of ${total}: `), read('status')).toBe(true);
      if (k < total) expect(read('status')).toMatch(/not finished yet$/);
      // FABRIK's mid-pass sub-steps report the ghost's tip; every other sub-step is the bones'.
      if (id !== 'fabrik')
        expect(Math.abs(Number(read('error')) - tipError(demo))).toBeLessThanOrEqual(0.0051);
      if (id !== 'two-bone-ik') {
        const [at, of] = iterations();
        expect(at).toBeGreaterThanOrEqual(iteration);
        expect(at).toBeLessThanOrEqual(of!);
        iteration = at!;
      }
    }
    expect(read('status')).toMatch(/reached/);
    expect(Math.abs(Number(read('error')) - tipError(demo))).toBeLessThanOrEqual(0.0051);
    if (id !== 'two-bone-ik') {
      const [at, of] = iterations();
      expect(at).toBe(of);
      expect(at).toBeGreaterThan(0);
    }
    controls.act('live');
    frame(demo);
    expect(read('status')).not.toMatch(/sub-step/);
    if (id !== 'two-bone-ik') expect(read('iterations')).toMatch(/^\d+$/);
  });

  it('jump to solution, then back to live: the solver runs every frame again', () => {
    const { demo, controls } = runDemo(id);
    controls.act('solve');
    frame(demo);
    const [at, total] = substep(controls);
    expect(at).toBe(total);
    expect(controls.buttons.get('live')!.disabled).toBe(false);
    controls.act('live');
    markerOf(demo.root, 'Target').position = { x: 60, y: 150 };
    frame(demo, 3);
    expect(controls.readouts.get('substep')).toMatch(/^live/);
    expect(tipError(demo)).toBeLessThan(0.5);
  });

  it('moving the target while stepping records the solve again from the rest pose', () => {
    const { demo, controls } = runDemo(id);
    controls.act('step');
    controls.act('step');
    controls.act('step');
    frame(demo);
    expect(substep(controls)[0]).toBe(2);
    markerOf(demo.root, 'Target').position = { x: -40, y: 170 };
    frame(demo);
    expect(substep(controls)[0]).toBe(0);
  });

  it('keeps the tip on the target under all 16 mirrors of the skeleton and its middle bone', () => {
    for (let mask = 0; mask < 16; mask++) {
      const raw = {
        flipRootX: String(!!(mask & 1)),
        flipRootY: String(!!(mask & 2)),
        flipMiddleX: String(!!(mask & 4)),
        flipMiddleY: String(!!(mask & 8)),
        ...(id === 'two-bone-ik' ? {} : { iterations: '500' }),
      };
      const { demo } = runDemo(id, raw);
      frame(demo, 2);
      expect(tipError(demo), JSON.stringify(raw)).toBeLessThanOrEqual(0.5);
    }
  });

  it('the mirror toggles work live, too', () => {
    const { demo, controls } = runDemo(id, id === 'two-bone-ik' ? {} : { iterations: '500' });
    for (const flip of ['flipRootX', 'flipMiddleY', 'flipRootY']) {
      controls.act(flip, true);
      frame(demo, 2);
      expect(tipError(demo), flip).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('CCD and FABRIK demos with limits', () => {
  it.each(['ccd', 'fabrik'])('%s keeps every joint within ±limit of its rest pose', (id) => {
    const { demo } = runDemo(id, {
      limits: 'true',
      limit: '20',
      targetX: '-150',
      targetY: '150',
      flipRootX: 'true',
    });
    frame(demo, 3);
    for (const b of bonesOf(demo.root)) {
      const d = Math.atan2(
        Math.sin(b.rotation - b.rest.rotation),
        Math.cos(b.rotation - b.rest.rotation),
      );
      expect(Math.abs(d)).toBeLessThanOrEqual((20 * Math.PI) / 180 + 1e-9);
    }
  });
});

describe('FABRIK demo with a pole', () => {
  it('puts every interior joint on the pole’s side, and says where the target is', () => {
    for (const poleY of [-200, 200]) {
      const { demo, controls } = runDemo('fabrik', {
        pole: 'true',
        poleX: '40',
        poleY: String(poleY),
        iterations: '200',
      });
      frame(demo, 2);
      const joints = [
        ...bonesOf(demo.root).map((b) => b.globalPosition),
        bonesOf(demo.root).at(-1)!.tipGlobalPosition,
      ];
      const pole = markerOf(demo.root, 'Pole').globalPosition;
      const side = (a: typeof pole, b: typeof pole, p: typeof pole) => {
        const c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        return Math.abs(c) < 1e-6 * Math.hypot(b.x - a.x, b.y - a.y) ? 0 : Math.sign(c);
      };
      for (let i = 1; i < joints.length - 1; i++) {
        const s = side(joints[i - 1]!, joints[i + 1]!, joints[i]!);
        expect(s === 0 || s === side(joints[i - 1]!, joints[i + 1]!, pole)).toBe(true);
      }
      expect(controls.readouts.get('reachability')).toMatch(/^reachable/);
    }
  });

  it('shows the dead zone when the first bone is longer than the rest', () => {
    const { demo, controls } = runDemo('fabrik', {
      longFirst: 'true',
      targetX: '-30',
      targetY: '60',
    });
    frame(demo, 2);
    expect(controls.readouts.get('reachability')).toMatch(/^in the dead zone/);
    expect(controls.readouts.get('status')).toMatch(/dead zone/);
  });
});

describe('two-bone demo', () => {
  it('shows the law of cosines with the numbers of the current triangle', () => {
    const { controls } = runDemo('two-bone-ik', {
      targetX: '120',
      targetY: '20',
      upper: '160',
      fore: '130',
    });
    expect(controls.formulas.get('cosines')).toMatch(/\\arccos/);
    const alpha = Number(controls.readouts.get('alpha')!.replace('°', ''));
    expect(alpha).toBeGreaterThan(0);
    expect(alpha).toBeLessThan(90);
  });

  it('nearer than |l1 − l2| it says so and folds, with no NaN anywhere', () => {
    const { demo, controls } = runDemo('two-bone-ik', {
      targetX: '-80',
      targetY: '30',
      upper: '200',
      fore: '40',
    });
    frame(demo, 2);
    expect(controls.readouts.get('status')).toMatch(/too near/);
    for (const v of controls.readouts.values()) expect(v).not.toMatch(/NaN/);
    for (const v of controls.formulas.values()) expect(v).not.toMatch(/NaN/);
  });
});

describe('solver race', () => {
  it('every solver reaches the default target; the transpose method needs the most iterations', () => {
    const { demo, controls } = runDemo('solver-race');
    frame(demo, 2);
    for (const id of ['ccd', 'fabrik', 'transpose', 'dls'])
      expect(controls.readouts.get(`race-${id}`)).toMatch(/reached$/);
    const errors = controls.plots.get('errors')!.series;
    expect(errors.map((s) => s.label)).toEqual(['CCD', 'FABRIK', 'Jacobian transpose', 'DLS']);
    // Seed 002: the transpose method is "slow, needs many iterations".
    const lengths = errors.map((s) => s.values.length);
    expect(lengths[2]).toBe(Math.max(...lengths));
  });

  it('each pane draws its arm’s reach circle around its own base', () => {
    const { demo } = runDemo('solver-race');
    frame(demo, 2);
    const circles: { x: number; y: number; r: number; dash: unknown }[] = [];
    // A painter that only records the circles it is asked for.
    const painter = new Proxy(
      {},
      {
        get: (_t, name) =>
          name === 'circle'
            ? (at: { x: number; y: number }, r: number, style: { dash?: number } = {}) =>
                circles.push({ x: at.x, y: at.y, r, dash: style.dash })
            : () => {},
      },
    );
    demo.drawOverlay!(painter as never);
    const panes = demo.root.findAll(ChainIK2D);
    expect(panes).toHaveLength(4);
    for (const ik of panes) {
      const bones = ik.getBones();
      const base = bones[0]!.globalPosition;
      // The oracle: the bones' own lengths, measured joint to joint on the tree.
      let reach = 0;
      for (let i = 0; i < bones.length; i++) {
        const a = bones[i]!.globalPosition;
        const b = i + 1 < bones.length ? bones[i + 1]!.globalPosition : bones[i]!.tipGlobalPosition;
        reach += Math.hypot(b.x - a.x, b.y - a.y);
      }
      const drawn = circles.find((c) => Math.hypot(c.x - base.x, c.y - base.y) < 1e-6 && c.dash);
      expect(drawn, ik.name).toBeDefined();
      expect(drawn!.r).toBeCloseTo(reach, 6);
    }
  });

  it('over targets across the reach: CCD leans on the tip, the Jacobian methods bend most evenly (lesson 7)', () => {
    const sum: Record<string, { tip: number; even: number }> = {};
    let count = 0;
    for (let x = -170; x <= 170; x += 40)
      for (let y = -130; y <= 130; y += 40) {
        if (Math.hypot(x + 130, y - 100) > 0.9 * 222) continue; // base (−130, 100), reach 222
        count++;
        const { demo, controls } = runDemo('solver-race', {
          targetX: String(x),
          targetY: String(y),
          iterations: '1000',
        });
        frame(demo);
        for (const id of ['ccd', 'fabrik', 'transpose', 'dls']) {
          const m = /evenness (\d+)%, tip third (\d+)%/.exec(controls.readouts.get(`race-${id}`)!)!;
          const acc = (sum[id] ??= { tip: 0, even: 0 });
          acc.even += Number(m[1]) / 100;
          acc.tip += Number(m[2]) / 100;
        }
      }
    const mean = (id: string, k: 'tip' | 'even') => sum[id]![k] / count;
    expect(count).toBeGreaterThan(30);
    expect(mean('ccd', 'tip')).toBeGreaterThan(0.45); // an even spread would be about a third
    expect(mean('ccd', 'tip')).toBeGreaterThan(mean('fabrik', 'tip'));
    for (const j of ['transpose', 'dls']) {
      expect(mean(j, 'even')).toBeGreaterThan(mean('ccd', 'even'));
      expect(mean(j, 'even')).toBeGreaterThan(mean('fabrik', 'even'));
    }
  });

  it('over targets in every direction: CCD still leans on the tip, but bends as evenly as the Jacobian methods (lesson 7)', () => {
    // The grid above lies mostly ahead of the rest pose; these surround the base on all sides.
    const { demo, controls } = runDemo('solver-race', { iterations: '1000' });
    const target = demo.root.findAll(Marker2D)[0]!;
    const rand = mulberry32(12345);
    const sum: Record<string, { tip: number; even: number }> = {};
    const N = 200;
    for (let k = 0; k < N; k++) {
      const r = 0.9 * 222 * Math.sqrt(rand());
      const a = 2 * Math.PI * rand();
      target.position = { x: -130 + r * Math.cos(a), y: 100 + r * Math.sin(a) };
      frame(demo);
      for (const id of ['ccd', 'fabrik', 'transpose', 'dls']) {
        const m = /evenness (\d+)%, tip third (\d+)%/.exec(controls.readouts.get(`race-${id}`)!)!;
        const acc = (sum[id] ??= { tip: 0, even: 0 });
        acc.even += Number(m[1]) / 100 / N;
        acc.tip += Number(m[2]) / 100 / N;
      }
    }
    // Lesson 7 (1 000 such targets): tip third 41%, 23%, 19%, 22%; evenness 71%, 50%, 70%, 70%.
    expect(sum.ccd!.tip).toBeGreaterThan(0.36);
    for (const j of ['fabrik', 'transpose', 'dls'])
      expect(sum.ccd!.tip).toBeGreaterThan(sum[j]!.tip + 0.1);
    for (const j of ['transpose', 'dls']) {
      expect(Math.abs(sum.ccd!.even - sum[j]!.even)).toBeLessThan(0.05);
      expect(sum.fabrik!.even).toBeLessThan(sum[j]!.even - 0.1);
    }
  });

  it('one target for all four: moving one moves the others; mirrored skeletons still reach', () => {
    const { demo, controls } = runDemo('solver-race', { flipX: 'true' });
    const targets = demo.root.findAll(Marker2D);
    targets[2]!.position = { x: 30, y: -20 };
    frame(demo, 2);
    for (const t of targets) expect(t.position).toEqual({ x: 30, y: -20 });
    for (const id of ['ccd', 'fabrik', 'transpose', 'dls'])
      expect(controls.readouts.get(`race-${id}`)).toMatch(/reached$/);
  });

  it('times each solver only after warming it up, a little per frame', () => {
    const calls = new Map<ChainIK2D, number>();
    const original = ChainIK2D.prototype.solve;
    const solve = vi.spyOn(ChainIK2D.prototype, 'solve').mockImplementation(function (
      this: ChainIK2D,
      trace,
    ) {
      calls.set(this, (calls.get(this) ?? 0) + 1);
      return original.call(this, trace);
    });
    try {
      const { demo, controls } = runDemo('solver-race');
      const timed = () =>
        ['ccd', 'fabrik', 'transpose', 'dls'].every((id) =>
          /µs a solve/.test(controls.readouts.get(`race-${id}`)!),
        );
      let frames = 0;
      while (!timed() && frames < 200) {
        frame(demo);
        frames++;
      }
      expect(timed()).toBe(true);
      // 0.3 s of stillness, then at least one frame per warm-up and per round of samples.
      expect(frames).toBeGreaterThanOrEqual(18 + 4 + RACE_TIMING.samples - 1);
      expect(calls.size).toBe(4);
      const least = 1 + RACE_TIMING.warmupRuns + RACE_TIMING.samples; // the record, then timing
      for (const n of calls.values()) expect(n).toBeGreaterThanOrEqual(least);
    } finally {
      solve.mockRestore();
    }
  });

  it('Step shows one iteration of all four solvers per click; the cursor, readouts and bars follow', () => {
    const { demo, controls } = runDemo('solver-race');
    frame(demo);
    const ids = ['ccd', 'fabrik', 'transpose', 'dls'];
    const targets = demo.root.findAll(Marker2D);
    const bones = bonesOf(demo.root);
    const n = bones.length / 4;
    // Each lane's real tip-to-target distance, from the bones on show.
    const laneErrors = () =>
      targets.map((t, i) => {
        const tip = bones[n * i + n - 1]!.tipGlobalPosition;
        const g = t.globalPosition;
        return Math.hypot(tip.x - g.x, tip.y - g.y);
      });
    const recorded = controls.plots.get('errors')!.series.map((s) => s.values);
    const longest = Math.max(...recorded.map((v) => v.length - 1));
    expect(longest).toBeGreaterThan(3);
    expect(controls.readouts.get('race-step')).toMatch(/^the solutions/);
    for (let k = 0; k <= longest + 1; k++) {
      controls.act('step');
      frame(demo);
      const at = Math.min(k, longest);
      expect(controls.readouts.get('race-step')).toMatch(new RegExp(`^${at} / ${longest}`));
      expect(controls.plots.get('errors')!.cursor).toBe(at);
      const errors = laneErrors();
      ids.forEach((id, i) => {
        const last = recorded[i]!.length - 1;
        const own = Math.min(at, last);
        const line = controls.readouts.get(`race-${id}`)!;
        expect(line).toMatch(new RegExp(`^iteration ${own} of ${last} · error `));
        expect(line).toMatch(own === 0 ? /start pose$/ : own < last ? /still going$/ : /reached$/);
        // The bones show that iteration: their error is the plotted one.
        expect(errors[i]).toBeCloseTo(recorded[i]![own]!, 6);
      });
      const bars = controls.plots.get('turns')!.series;
      if (at === 0)
        for (const b of bars) expect(Math.max(...Array.from(b.values))).toBeLessThan(1e-9);
      else expect(Math.max(...bars.flatMap((b) => Array.from(b.values)))).toBeGreaterThan(0);
    }
    // Race from the end starts over; pressing it again pauses; Step steps on from there.
    controls.act('race');
    expect(controls.buttons.get('race')).toMatchObject({ label: 'Pause', pressed: true });
    frame(demo, 21); // 6 iterations a second
    controls.act('race');
    expect(controls.buttons.get('race')).toMatchObject({ label: 'Race', pressed: false });
    const paused = Number(controls.readouts.get('race-step')!.split(' / ')[0]);
    expect(paused).toBe(2);
    frame(demo, 30);
    controls.act('step');
    frame(demo);
    expect(Number(controls.readouts.get('race-step')!.split(' / ')[0])).toBe(paused + 1);
    // The solutions: whole solves again, no cursor.
    controls.act('solutions');
    frame(demo);
    expect(controls.readouts.get('race-step')).toMatch(/^the solutions/);
    expect(controls.plots.get('errors')!.cursor).toBeUndefined();
    for (const id of ids)
      expect(controls.readouts.get(`race-${id}`)).toMatch(/evenness .* reached$/);
    ids.forEach((_, i) =>
      expect(laneErrors()[i]).toBeCloseTo(recorded[i]![recorded[i]!.length - 1]!, 6),
    );
  });

  it('moving the target while stepping records again and shows the new solutions', () => {
    const { demo, controls } = runDemo('solver-race');
    frame(demo);
    controls.act('step');
    controls.act('step');
    frame(demo);
    expect(controls.readouts.get('race-step')).toMatch(/^1 \//);
    demo.root.findAll(Marker2D)[0]!.position = { x: 40, y: 10 };
    frame(demo);
    expect(controls.readouts.get('race-step')).toMatch(/^the solutions/);
    for (const id of ['ccd', 'fabrik', 'transpose', 'dls'])
      expect(controls.readouts.get(`race-${id}`)).toMatch(/reached$/);
    controls.act('step');
    frame(demo);
    expect(controls.readouts.get('race-step')).toMatch(/^0 \/ \d+: the start pose/);
  });

  it('racing replays the recorded iterations with a cursor on the error plot', () => {
    const { demo, controls } = runDemo('solver-race');
    frame(demo);
    controls.act('race');
    frame(demo, 20);
    expect(controls.plots.get('errors')!.cursor).toBeGreaterThan(0);
    controls.act('solutions');
    frame(demo, 40);
    expect(controls.plots.get('errors')!.cursor).toBeUndefined();
  });
});
