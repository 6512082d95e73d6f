import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DemoInstance } from '../../src/demos/contract';
import { defaultValues } from '../../src/demos/params';
import { loadedDemo } from './loaded-demos';
import type { Walk3DStage } from '../../src/demos/shared/walk3d-stage';
import { TerrainNode } from '../../src/walk3d/terrain-node';
import { clipText } from './clip-text';
import { FakeControls } from './fake-controls';

function create(id: string, overrides: Record<string, unknown> = {}) {
  const def = loadedDemo(id)!;
  const controls = new FakeControls();
  const demo = def.create({ controls }, { ...defaultValues(def.params), ...overrides } as never);
  demo.update(0);
  return { demo, controls };
}
/** What the test reads of a walker in the view. */
interface IKWalkerLike {
  position: ArrayLike<number>;
  walk: { analysis: { cycle: ArrayLike<number>; duration: number } };
  lastDescent: unknown;
  footGaps(gaps: Float64Array, planted: Uint8Array): void;
}
const run = (demo: { update(dt: number): void }, seconds: number, dt = 1 / 60) => {
  for (let i = 0; i < Math.round(seconds / dt); i++) demo.update(dt);
};
const nums = (s: string | undefined) => (s ?? '').match(/-?\d+(\.\d+)?(e[-+]?\d+)?/g)!.map(Number);
const noNaN = (c: FakeControls) => {
  for (const [id, text] of [...c.readouts, ...c.formulas])
    expect(text, `${id}: ${text}`).not.toMatch(/NaN|Infinity|undefined/);
  for (const [id, { series, kind }] of c.plots)
    for (const s of series) {
      const v = Array.from(s.values);
      // An xy plot's series are x, y pairs; a NaN pair is a break between pieces, by design.
      if (kind === 'xy') {
        for (let i = 0; i + 1 < v.length; i += 2)
          expect(Number.isFinite(v[i]!) === Number.isFinite(v[i + 1]!), `${id}/${s.label}`).toBe(
            true,
          );
        expect(v.some(Number.isFinite), `${id}/${s.label}`).toBe(true);
      } else for (const x of v) expect(Number.isFinite(x), `${id}/${s.label}`).toBe(true);
    }
};

describe('walk-analysis demo (lesson 13)', () => {
  const support = (c: FakeControls) => {
    const [left, right, frames] = nums(c.readouts.get('support'));
    return { left: left!, right: right!, frames: frames! };
  };
  const nowFrame = (c: FakeControls) => nums(c.readouts.get('now'))[0]!;

  it('each foot is planted for 40–60 % of the 33 frames, and in every frame one of them is', () => {
    const { controls } = create('walk-analysis');
    const { left, right, frames } = support(controls);
    expect(frames).toBe(33);
    for (const n of [left, right]) {
      expect(n / frames).toBeGreaterThanOrEqual(0.4);
      expect(n / frames).toBeLessThanOrEqual(0.6);
    }
    expect(controls.readouts.get('warnings')).toMatch(/nothing/);
    // The strip plot: each foot's own test and what the walker uses, 0/1 per frame; the rows
    // used agree with the counts.
    const strip = controls.plots.get('support')!;
    expect(strip.series.map((s) => s.label)).toEqual([
      'left, own test',
      'left, used',
      'right, own test',
      'right, used',
    ]);
    const [, l, , r] = strip.series.map((s) => Array.from(s.values));
    expect(l!.length).toBe(33);
    expect(r!.length).toBe(33);
    expect(l!.reduce((a, v) => a + v, 0)).toBe(left);
    expect(r!.reduce((a, v) => a + v, 0)).toBe(right);
    for (let f = 0; f < 33; f++) {
      expect([0, 1]).toContain(l![f]);
      expect(l![f]! + r![f]!, `frame ${f}`).toBeGreaterThanOrEqual(1);
    }
    // Each foot's planted frames are one run (a stance), wrapping round the cycle.
    for (const row of [l!, r!]) {
      const starts = row.filter((v, f) => v && !row[(f + 32) % 33]).length;
      expect(starts).toBe(1);
    }
  });

  it('the movement plot has both feet and d_min; a frame that moves less than d_min is planted', () => {
    const { demo, controls } = create('walk-analysis');
    const move = controls.plots.get('movement')!;
    expect(move.series.map((s) => s.label)).toEqual(['left foot', 'right foot', 'd_min']);
    const dMin = nums(controls.readouts.get('dmin'))[0]!;
    for (const v of Array.from(move.series[2]!.values)) expect(v).toBeCloseTo(dMin, 3);
    const left = controls.plots.get('support')!.series[0]!.values;
    const moved = move.series[0]!.values;
    for (let f = 1; f < 33; f++)
      if (moved[f]! <= dMin - 1e-3) expect(left[f], `frame ${f}`).toBe(1);
    // Both feet move more than d_min somewhere (they do step).
    for (const s of move.series.slice(0, 2))
      expect(Math.max(...Array.from(s.values))).toBeGreaterThan(dMin);
    // The cursor follows the frame shown.
    demo.onKey!(' ', true);
    demo.update(0);
    expect(controls.plots.get('movement')!.cursor).toBe(nowFrame(controls));
  });

  it('a larger factor raises d_min in proportion and plants the left foot for no fewer frames', () => {
    const { demo, controls } = create('walk-analysis');
    const d1 = nums(controls.readouts.get('dmin'))[0]!;
    let before = support(controls);
    let lastDMin = 0;
    for (const factor of [0.25, 0.5, 1, 2, 3, 4]) {
      controls.act('factor', factor);
      demo.update(0.2); // the plots repaint every 0.1 s while playing
      const dMin = nums(controls.readouts.get('dmin'))[0]!;
      expect(dMin).toBeCloseTo(d1 * factor, 2);
      expect(dMin).toBeGreaterThan(lastDMin);
      lastDMin = dMin;
      const now = support(controls);
      if (factor > 0.25) expect(now.left).toBeGreaterThanOrEqual(before.left);
      // The right foot is the left's opposite (seed 000's clean-up): the two add up to the cycle.
      expect(now.left + now.right).toBe(33);
      const strip = controls.plots.get('support')!.series;
      expect(Array.from(strip[1]!.values).reduce((a, v) => a + v, 0)).toBe(now.left);
      expect(controls.plots.get('movement')!.series[2]!.values[0]).toBeCloseTo(dMin, 3);
      expect(demo.currentParams!().factor).toBe(factor);
      before = now;
    }
    // From the smallest to the largest factor the left foot is planted for clearly longer.
    controls.act('factor', 0.25);
    const small = support(controls).left;
    controls.act('factor', 4);
    expect(support(controls).left).toBeGreaterThan(small + 5);
    expect(controls.formulas.get('support')).toMatch(/4\.00/);
    noNaN(controls);
  });

  it("lesson 13's challenge (the left foot planted for 60% of the cycle) is met over a good part of the slider, and the right foot then stands for less", () => {
    const lesson = readFileSync(
      resolve(import.meta.dirname, '../../lessons/13-reading-a-walk.md'),
      'utf8',
    );
    const [, lo, hi] = /check: readout support from ([\d.]+) to ([\d.]+)/.exec(lesson)!;
    const { demo, controls } = create('walk-analysis');
    const { min, max, step } = loadedDemo('walk-analysis')!.params.factor as {
      min: number;
      max: number;
      step: number;
    };
    let met = 0;
    let all = 0;
    for (let f = min; f <= max + 1e-9; f += step) {
      controls.act('factor', Math.round(f / step) * step);
      demo.update(0);
      const { left, right } = support(controls);
      if (left >= Number(lo) && left <= Number(hi)) {
        met++;
        expect(right).toBeLessThan(20);
      }
      all++;
    }
    // Was 8 of 76 steps (3.65-4.00 on a slider to 4, for exactly 20 frames).
    expect(met / all).toBeGreaterThan(0.3);
  });

  it('← → step one frame and pause, wrapping round the cycle; Space plays and pauses', () => {
    const { demo, controls } = create('walk-analysis');
    const play = controls.buttons.get('play')!;
    expect(play.label).toBe('Pause');
    // Playing: the frame shown moves on.
    const f0 = nowFrame(controls);
    run(demo, 1);
    expect(nowFrame(controls)).not.toBe(f0);
    expect(demo.onKey!('ArrowRight', true)).toBe(true);
    expect(play.label).toBe('Play');
    expect(play.pressed).toBe(false);
    const a = nowFrame(controls);
    demo.onKey!('ArrowRight', true);
    expect(nowFrame(controls)).toBe((a + 1) % 33);
    demo.onKey!('ArrowLeft', true);
    demo.onKey!('ArrowLeft', true);
    expect(nowFrame(controls)).toBe((a + 32) % 33);
    // Paused: time does not move it.
    run(demo, 0.5);
    expect(nowFrame(controls)).toBe((a + 32) % 33);
    // From frame 0 back is the last frame, and forward from it is 0 again.
    controls.act('time', 0);
    demo.update(0);
    expect(nowFrame(controls)).toBe(0);
    demo.onKey!('ArrowLeft', true);
    expect(nowFrame(controls)).toBe(32);
    demo.onKey!('ArrowRight', true);
    expect(nowFrame(controls)).toBe(0);
    // Space plays again, and pauses; key-up does nothing.
    expect(demo.onKey!(' ', true)).toBe(true);
    expect(play.label).toBe('Pause');
    run(demo, 0.5);
    const playing = nowFrame(controls);
    expect(playing).not.toBe(0);
    demo.onKey!(' ', false);
    expect(play.label).toBe('Pause');
    demo.onKey!(' ', true);
    expect(play.label).toBe('Play');
    demo.update(0);
    const paused = controls.readouts.get('now');
    run(demo, 0.5);
    expect(controls.readouts.get('now')).toBe(paused);
    expect(controls.readouts.get('now')).toMatch(/^\d+: (planted|step) · (planted|step)$/);
  });

  it('the right foot’s own test and the rule: the readout lists the frames where they differ, as the strip has them', () => {
    const { controls } = create('walk-analysis');
    const [, , ownRight, usedRight] = controls.plots
      .get('support')!
      .series.map((s) => Array.from(s.values));
    const differ: number[] = [];
    for (let f = 0; f < 33; f++) if (ownRight![f] !== usedRight![f]) differ.push(f);
    expect(differ.length).toBeGreaterThan(0);
    const said = controls.readouts.get('disagree')!;
    const listed = said
      .match(/differ in frames ([\d–, ]+)\./)![1]!
      .split(', ')
      .flatMap((r) => {
        const [a, b] = r.split('–').map(Number);
        return Array.from({ length: (b ?? a!) - a! + 1 }, (_, k) => a! + k);
      });
    expect(listed).toEqual(differ);
  });

  it('lesson 13’s second prediction: the right foot’s own row has 15 planted frames, the rule’s 19; they differ where neither foot passes', () => {
    const { controls } = create('walk-analysis');
    const [ownLeft, usedLeft, ownRight, usedRight] = controls.plots
      .get('support')!
      .series.map((s) => Array.from(s.values));
    const count = (row: number[]) => row.reduce((n, v) => n + v, 0);
    expect(count(ownRight!)).toBe(15);
    expect(count(usedRight!)).toBe(19);
    expect(usedLeft).toEqual(ownLeft);
    const differ = [...Array(33).keys()].filter((f) => ownRight![f] !== usedRight![f]);
    expect(differ).toEqual([1, 16, 17, 18]);
    for (const f of differ) expect(ownLeft![f]).toBe(0);
  });

  it('a 120 fps capture: the cycle strip marks the cycle used and the standing, and a typed range is used', async () => {
    const { demo, controls } = create('walk-analysis');
    controls.act('capture', undefined);
    await expect
      .poll(() => controls.readouts.get('cycle'))
      .toMatch(/^frames \d+–\d+ of \d+ \(the file: \d+ frames at 120 fps\)/);
    const rows = controls.plots.get('cycle')!.series;
    expect(rows.map((r) => r.label)).toEqual(['steady walk', 'cycle used', 'standing (idle)']);
    const [from, to] = nums(controls.readouts.get('cycle'));
    const used = Array.from(rows[1]!.values);
    expect(used.indexOf(1)).toBe(from);
    expect(used.lastIndexOf(1)).toBe(to! - 1);
    // The standing row starts the clip; the cycle lies inside the steady walk.
    expect(rows[2]!.values[0]).toBe(1);
    for (let f = from!; f < to!; f++) expect(rows[0]!.values[f]).toBe(1);
    expect(support(controls).frames).toBe(to! - from!);
    // The student's own frames.
    const typed = (t: string) => {
      controls.act('range', t);
      return controls.messages.get('range');
    };
    expect(typed(`${from! - 10}–${to! - 10}`)).toBe('');
    expect(nums(controls.readouts.get('cycle')).slice(0, 2)).toEqual([from! - 10, to! - 10]);
    expect(controls.readouts.get('cycle')).toMatch(/, as typed \(the finder's: 103–136\)$/);
    // Lesson 13's numbers: the cycle 103–136 (1.10 s), the standing 0–38 (1.27 s), and at
    // 20–53 both feet standing in frames 1–22 where the rule makes the right foot step.
    expect([from, to]).toEqual([103, 136]);
    expect(controls.fileMessages.get('bvh')!.message).toMatch(/frames 103–136, a 1\.10 s cycle/);
    expect(controls.fileMessages.get('bvh')!.message).toMatch(
      /Idle: the standing frames 0–38 \(0\.00–1\.27 s\)/,
    );
    expect(typed('20–53')).toBe('');
    expect(controls.readouts.get('disagree')).toMatch(
      /^they differ in frames 0–22, .*Both feet pass their own test in 1–22;/,
    );
    // A longer cycle stretches the time slider to its length (it kept the first clip's before).
    expect(typed('100–160')).toBe('');
    expect(controls.maxima.get('time')).toBeCloseTo(60 / 30, 3);
    expect(typed('ten to twenty')).toMatch(/not a range: type two frame numbers/);
    expect(typed('5–4')).toMatch(/at least 2 frames/);
    demo.update(0.2);
    noNaN(controls);
  });

  it('the support rule: each foot on its own keeps double support and standing, the seed’s rule cannot (lesson 13’s numbers)', async () => {
    const { demo, controls } = create('walk-analysis');
    const rule = (r: string) => {
      controls.act('rule', r);
      demo.update(0.2);
      return controls.readouts.get('support');
    };
    expect(demo.currentParams!().rule).toBe('opposite');
    // The course's walk: one point on the floor at a time, so never both feet.
    expect(rule('each')).toBe('16 · 17 of 33');
    expect(controls.readouts.get('disagree')).toMatch(/^they differ in frames 18\./);
    expect(controls.formulas.get('support')).toMatch(/\\text\{ for \} q = a \\text\{ or \} t/);
    expect(demo.currentParams!().rule).toBe('each');
    // The capture holds its trailing toes down: both feet in 5 frames of 33, in two runs.
    controls.act('capture', undefined);
    await expect.poll(() => controls.readouts.get('cycle')).toMatch(/^frames 103–136 /);
    demo.update(0.2);
    expect(controls.readouts.get('support')).toBe('19 · 19 of 33');
    // Under the seed's rule the two differ only around one landing (lesson 13).
    controls.act('rule', 'opposite');
    demo.update(0.2);
    expect(controls.readouts.get('disagree')).toMatch(/^they differ in frames 15–17\./);
    controls.act('rule', 'each');
    demo.update(0.2);
    const strip = controls.plots.get('support')!.series;
    const used = [strip[1]!.values, strip[3]!.values];
    const both = Array.from(used[0]!, (v, f) => (v && used[1]![f] ? 1 : 0));
    expect(both.reduce((a: number, v) => a + v, 0)).toBe(5);
    expect(both.filter((v, f) => v && !both[(f + 32) % 33]).length).toBe(2);
    // Standing, then setting off: the right foot stands throughout under each foot's reading.
    controls.act('range', '20–53');
    demo.update(0.2);
    expect(controls.readouts.get('support')).toBe('22 · 33 of 33');
    expect(controls.readouts.get('disagree')).toBe('they agree in every frame');
    expect(rule('opposite')).toBe('22 · 11 of 33');
    noNaN(controls);
  });

  it('the frame readout says which foot is planted, as the strip does', () => {
    const { demo, controls } = create('walk-analysis');
    demo.onKey!(' ', true);
    controls.act('time', 0);
    const strip = controls.plots.get('support')!.series;
    for (let f = 0; f < 33; f++) {
      const [, l, r] = controls.readouts.get('now')!.match(/^\d+: (\w+) · (\w+)$/)!;
      expect(nowFrame(controls)).toBe(f);
      expect(l).toBe(strip[1]!.values[f] ? 'planted' : 'step');
      expect(r).toBe(strip[3]!.values[f] ? 'planted' : 'step');
      const [hl, hr] = nums(controls.readouts.get('height'));
      expect(Number.isFinite(hl) && Number.isFinite(hr)).toBe(true);
      demo.onKey!('ArrowRight', true);
    }
    expect(nowFrame(controls)).toBe(0);
    controls.act('playRate', 1.2);
    expect(demo.currentParams!()).toEqual({ factor: 1, rule: 'opposite', playRate: 1.2, time: 0 });
    noNaN(controls);
  });
});

describe('leg-descent demo (lesson 14)', () => {
  const iteration = (c: FakeControls) => {
    const [shown, last] = nums(c.readouts.get('iteration'));
    return { shown: shown!, last: last! };
  };
  const terms = (c: FakeControls) => {
    const [af1, bf2, cf3, F] = nums(c.readouts.get('terms'));
    return { af1: af1!, bf2: bf2!, cf3: cf3!, F: F! };
  };
  const gap = (c: FakeControls) => nums(c.readouts.get('gap'))[0]!;

  it('Step shows the next iteration, Step back the one before, Jump to the end the last', () => {
    const { demo, controls } = create('leg-descent');
    const it0 = iteration(controls);
    expect(it0.shown).toBe(0);
    expect(it0.last).toBeGreaterThan(2);
    controls.act('step');
    expect(iteration(controls)).toEqual({ shown: 1, last: it0.last });
    controls.act('step');
    demo.onKey!('.', true);
    expect(iteration(controls).shown).toBe(3);
    demo.onKey!(',', true);
    controls.act('back');
    expect(iteration(controls).shown).toBe(1);
    controls.act('solve');
    expect(iteration(controls).shown).toBe(it0.last);
    // Past the end it stays at the end; before the start at 0.
    controls.act('step');
    expect(iteration(controls).shown).toBe(it0.last);
    controls.act('reset');
    controls.act('back');
    expect(iteration(controls).shown).toBe(0);
    // The plot: the three terms, F and the other solver's F, with the cursor at the iterate shown.
    controls.act('step');
    const plot = controls.plots.get('terms')!;
    expect(plot.series).toHaveLength(5);
    expect(plot.series[0]!.values).toHaveLength(it0.last + 1);
    expect(plot.cursor).toBe(1);
  });

  it('from θ = γ to the end, a·f1 (the reach) falls and the foot nears the target', () => {
    const { controls } = create('leg-descent');
    const start = terms(controls);
    const g0 = gap(controls);
    // The target starts on a rise 8 cm ahead and 12 cm up: at θ = γ the foot is √208 cm off.
    expect(g0).toBeCloseTo(Math.hypot(8, 12), 1);
    expect(start.bf2).toBe(0);
    expect(start.cf3).toBe(0);
    expect(start.F).toBeCloseTo(start.af1, 3);
    controls.act('solve');
    const end = terms(controls);
    expect(end.af1).toBeLessThan(0.8 * start.af1);
    expect(end.F).toBeLessThan(start.F);
    expect(end.bf2).toBeGreaterThan(0);
    expect(gap(controls)).toBeLessThan(g0 - 2);
    // F falls at every iterate of the seed's descent at its own learning rate.
    const F = controls.plots.get('terms')!.series[3]!.values;
    for (let k = 1; k < F.length; k++) expect(F[k]!).toBeLessThanOrEqual(F[k - 1]! + 1e-9);
  });

  it('c·f3 starts at 0 and only climbs at the default frame 8; at frame 17 it jumps to 0.085, then settles at 0.056', () => {
    const cf3 = (c: FakeControls) => Array.from(c.plots.get('terms')!.series[2]!.values);
    const at8 = cf3(create('leg-descent').controls);
    expect(at8[0]).toBeCloseTo(0, 5);
    for (let k = 1; k < at8.length; k++) expect(at8[k]!).toBeGreaterThanOrEqual(at8[k - 1]!);
    expect(at8.at(-1)!).toBeCloseTo(0.219, 3);
    const at17 = cf3(create('leg-descent', { frame: 17 }).controls);
    expect(at17[1]!).toBeCloseTo(0.085, 3);
    expect(Math.max(...at17)).toBe(at17[1]);
    expect(at17.at(-1)!).toBeCloseTo(0.056, 3);
  });

  it('with a at 10 times the seed’s, the descent runs out its steps with the knee spun past 500°', () => {
    const { controls } = create('leg-descent', { aScale: 10 });
    controls.act('solve');
    expect(controls.readouts.get('iteration')).toMatch(/^300 \/ 300 \(cap reached\)/);
    const [hip, knee] = nums(controls.readouts.get('theta'));
    expect(hip).toBeCloseTo(316, -1);
    expect(knee).toBeCloseTo(539, 0);
  });

  it('Levenberg–Marquardt stops in fewer iterations than gradient descent, at as low a cost', () => {
    const { demo, controls } = create('leg-descent');
    const [gd, lm, gdF, lmF] = nums(controls.readouts.get('both'));
    expect(lm).toBeLessThan(gd!);
    expect(lmF).toBeLessThanOrEqual(gdF! + 1e-3);
    expect(iteration(controls).last).toBe(gd);
    controls.act('solver', 'Levenberg–Marquardt');
    expect(iteration(controls)).toEqual({ shown: 0, last: lm });
    controls.act('solve');
    expect(terms(controls).F).toBeCloseTo(lmF!, 3);
    expect(controls.plots.get('terms')!.series[4]!.label).toMatch(/gradient descent/);
    // The same for another target: the foot's own position moved 10 cm forward.
    controls.act('resetTarget');
    for (let k = 0; k < 5; k++) demo.onKey!('ArrowRight', true);
    const [gd2, lm2] = nums(controls.readouts.get('both'));
    expect(lm2).toBeLessThan(gd2!);
  });

  it('the arrow keys move the target 2 cm a press', () => {
    const { demo, controls } = create('leg-descent');
    // At θ = γ the foot is where the clip has it: the gap is the target's offset from it.
    expect(gap(controls)).toBeCloseTo(Math.hypot(8, 12), 1);
    expect(demo.onKey!('ArrowUp', true)).toBe(true);
    expect(gap(controls)).toBeCloseTo(Math.hypot(8, 14), 1);
    for (let k = 0; k < 7; k++) demo.onKey!('ArrowDown', true);
    expect(gap(controls)).toBeCloseTo(Math.hypot(8, 0), 1);
    for (let k = 0; k < 4; k++) demo.onKey!('ArrowLeft', true);
    expect(gap(controls)).toBeCloseTo(0, 1);
    expect(terms(controls).F).toBeCloseTo(0, 3);
    demo.onKey!('ArrowRight', true);
    expect(gap(controls)).toBeCloseTo(2, 1);
    expect(demo.onKey!('ArrowRight', false)).toBe(true);
    expect(gap(controls)).toBeCloseTo(2, 1);
    controls.act('riseTarget');
    expect(gap(controls)).toBeCloseTo(Math.hypot(8, 12), 1);
    controls.act('resetTarget');
    expect(gap(controls)).toBeCloseTo(0, 1);
  });

  it('the a, b, c sliders change the weights readout and the terms', () => {
    const { controls } = create('leg-descent');
    const [a1, b1, c1] = nums(controls.readouts.get('weights'));
    expect([b1, c1]).toEqual([2, 4]);
    // a = 200/h² for h = 172 (the humanoid's rigHeight).
    expect(a1).toBeCloseTo(200 / 172 ** 2, 4);
    const af1 = terms(controls).af1;
    controls.act('aScale', 3);
    const [a3] = nums(controls.readouts.get('weights'));
    expect(a3! / a1!).toBeCloseTo(3, 2);
    expect(terms(controls).af1).toBeCloseTo(3 * af1, 2);
    controls.act('b', 0.5);
    controls.act('c', 7.5);
    expect(nums(controls.readouts.get('weights')).slice(1)).toEqual([0.5, 7.5]);
    controls.act('solve');
    const end = terms(controls);
    const [th1, th2, om1, om2] = nums(controls.readouts.get('theta'));
    // b·f2 = b‖θ − ω‖² in radians.
    const rad = Math.PI / 180;
    expect(end.bf2).toBeCloseTo(0.5 * ((th1! - om1!) ** 2 + (th2! - om2!) ** 2) * rad ** 2, 2);
    expect(controls.formulas.get('cost')).toMatch(/F\(\\theta\)/);
  });

  it('no NaN after the sliders’ extremes; the cap stops the descent where it says', () => {
    const { demo, controls } = create('leg-descent');
    controls.act('learningRate', 0.05);
    controls.act('aScale', 10);
    controls.act('b', 0);
    controls.act('c', 0);
    controls.act('solve');
    noNaN(controls);
    controls.act('maxIterations', 1);
    expect(controls.readouts.get('iteration')).toMatch(/^\d+ \/ 1( \(cap reached\))?$/);
    controls.act('solve');
    noNaN(controls);
    controls.act('learningRate', 0.001);
    controls.act('aScale', 0.1);
    controls.act('b', 10);
    controls.act('c', 10);
    controls.act('maxIterations', 300);
    controls.act('solver', 'Levenberg–Marquardt');
    controls.act('solve');
    noNaN(controls);
    for (let k = 0; k < 100; k++) demo.onKey!('ArrowUp', true);
    controls.act('frame', 32);
    controls.act('nextFrame');
    expect(controls.values.get('frame')).toBe(0);
    controls.act('gammaFromLast', true);
    controls.act('riseTarget');
    controls.act('solve');
    noNaN(controls);
    expect(demo.currentParams!()).toEqual({
      frame: 0,
      aScale: 0.1,
      b: 10,
      c: 10,
      learningRate: 0.001,
      maxIterations: 300,
      solver: 'Levenberg–Marquardt',
      gammaFromLast: true,
    });
  });

  it('Play shows the iterations one by one at 12 a second and stops at the last', () => {
    const { demo, controls } = create('leg-descent');
    const { last } = iteration(controls);
    controls.act('play');
    expect(controls.buttons.get('play')!.label).toBe('Pause');
    run(demo, 0.51);
    expect(iteration(controls).shown).toBe(6);
    run(demo, last / 12 + 1);
    expect(iteration(controls).shown).toBe(last);
    expect(controls.buttons.get('play')!.label).toBe('Play');
    // Space from the end starts again from θ = γ.
    demo.onKey!(' ', true);
    run(demo, 0.26);
    expect(iteration(controls).shown).toBe(3);
  });
});

describe('ik-walk demo (lesson 15)', () => {
  const position = (c: FakeControls) => {
    const [x, y, facing] = nums(c.readouts.get('position'));
    return { x: x!, y: y!, facing: facing! };
  };
  /** A quarter second: more than the readouts' 0.2 s repaint period, so they are fresh. */
  const paint = (demo: DemoInstance) => run(demo, 0.25);
  const count = (s: string | undefined) => Number(/\((\d+)\)$/.exec(s ?? '')?.[1] ?? 0);

  it('walks forward and fills every readout with numbers, none of them NaN', () => {
    const { demo, controls } = create('ik-walk');
    const p0 = position(controls);
    expect(p0).toEqual({ x: 0, y: -20, facing: 0 });
    run(demo, 3);
    const p1 = position(controls);
    expect(p1.y - p0.y).toBeGreaterThan(8);
    expect(Math.abs(p1.x)).toBeLessThan(0.5);
    for (const id of ['stats-af1', 'stats-bf2', 'stats-cf3', 'stats-F', 'stats-steps'])
      expect(count(controls.readouts.get(id)), id).toBeGreaterThan(10);
    expect(controls.readouts.get('last')).toMatch(/^[\d.]+, [\d.]+, [\d.]+ → [\d.]+$/);
    expect(controls.readouts.get('steps')).toMatch(/^\d+ steps; \d+ µs$/);
    expect(controls.readouts.get('feet')).toMatch(/^left (planted|swing) -?[\d.]+ · right /);
    // Strides over the seed's hills are reshaped.
    expect(nums(controls.readouts.get('state'))[1]).toBeGreaterThan(0);
    const plot = controls.plots.get('descents')!;
    expect(plot.series).toHaveLength(3);
    expect(plot.series[0]!.values.length).toBeGreaterThan(10);
    noNaN(controls);
  });

  it('the support rule: every walker reads its clip again by the rule chosen, and walks on', () => {
    const { demo, controls } = create('ik-walk', { crowd: true });
    const stage = (demo as unknown as { surface: Walk3DStage }).surface;
    const rules = () =>
      new Set(
        stage.view.walkers.map(
          (w) =>
            (w.walker as unknown as { walk: { analysis: { rule: string } } }).walk.analysis.rule,
        ),
      );
    // Each foot's own test by default; the seed's rule is the other choice.
    expect(rules()).toEqual(new Set(['each']));
    run(demo, 1);
    const before = position(controls);
    controls.act('support', 'opposite');
    expect(stage.view.walkers).toHaveLength(20);
    expect(rules()).toEqual(new Set(['opposite']));
    // The walker stays where it was and walks on.
    expect(position(controls).y).toBeCloseTo(before.y, 0);
    run(demo, 2);
    expect(position(controls).y - before.y).toBeGreaterThan(4);
    expect(demo.currentParams!().support).toBe('opposite');
    // The strider alone, then none: the same rule.
    controls.act('second', true);
    expect(rules()).toEqual(new Set(['opposite']));
    expect(stage.view.walkers).toHaveLength(2);
    noNaN(controls);
  });

  it('a crowd of 20 walkers, both characters, all walk forward on the terrain with IK, its frame split shown', () => {
    const { demo, controls } = create('ik-walk', { crowd: true });
    const stage = (demo as unknown as { surface: Walk3DStage }).surface;
    const walkers = () => stage.view.walkers.map((w) => w.walker as unknown as IKWalkerLike);
    expect(walkers()).toHaveLength(20);
    // Both characters: the humanoid and the strider walk at their own clip speeds.
    const speed = (w: IKWalkerLike) =>
      (
        Math.hypot(w.walk.analysis.cycle[0]!, w.walk.analysis.cycle[1]!) / w.walk.analysis.duration
      ).toFixed(6);
    expect(new Set(walkers().map(speed)).size).toBe(2);
    const start = walkers().map((w) => w.position[1]!);
    run(demo, 3);
    walkers().forEach((w, i) => {
      expect(w.position[1]! - start[i]!, `walker ${i}`).toBeGreaterThan(6);
      expect(w.lastDescent, `walker ${i} ran its IK`).not.toBeNull();
      // Planted feet near the ground, as the single walker's are (lesson 15's readout).
      const gaps = new Float64Array(2);
      const planted = new Uint8Array(2);
      w.footGaps(gaps, planted);
      for (let c = 0; c < 2; c++) if (planted[c]) expect(Math.abs(gaps[c]!)).toBeLessThan(1);
    });
    expect(controls.readouts.get('crowd')).toMatch(
      /^20 walkers: [\d.]+ \(IK [\d.]+\) · [\d.]+ · [\d.]+ · [\d.]+ · [\d.]+ = [\d.]+ ms$/,
    );
    expect(demo.currentParams!().crowd).toBe(true);
    // The strider alone replaces the crowd.
    controls.act('second', true);
    expect(walkers()).toHaveLength(2);
    expect(demo.currentParams!().crowd).toBe(false);
    noNaN(controls);
  });

  it('the cost is measured side by side on request: two copies from the same start, 300 ticks each, while the page goes on', () => {
    const { demo, controls } = create('ik-walk');
    run(demo, 1);
    expect(controls.readouts.get('cost')).toMatch(/^— \(press “Measure IK on against off”\)$/);
    controls.act('measureCost');
    expect(controls.readouts.get('cost')).toBe('measuring… 0%');
    // 15 ticks of each copy a frame: 20 frames, showing how far it is.
    demo.update(1 / 60);
    expect(controls.readouts.get('cost')).toBe('measuring… 5%');
    for (let i = 0; i < 19; i++) demo.update(1 / 60);
    expect(controls.readouts.get('cost')).toMatch(
      /^[\d.]+ ms \/ [\d.]+ ms a tick \(ratio [\d.]+\): two copies from the same start, 300 ticks each, taking turns$/,
    );
    // A new clip: the result was about the old one.
    controls.act('bvh', ['again.bvh', clipText('walk')]);
    paint(demo);
    expect(controls.readouts.get('cost')).toMatch(/^— \(press/);
  });

  it('IK off then on: descents are counted only with IK on; Reset clears the statistics', () => {
    const { demo, controls } = create('ik-walk');
    run(demo, 1);
    controls.act('ik', false);
    paint(demo);
    const off = count(controls.readouts.get('stats-F'));
    expect(off).toBeGreaterThan(10);
    run(demo, 1);
    // With IK off no descents are run: the statistics stand still.
    expect(count(controls.readouts.get('stats-F'))).toBe(off);
    controls.act('ik', true);
    run(demo, 1);
    expect(count(controls.readouts.get('stats-F'))).toBeGreaterThan(off + 10);
    const before = count(controls.readouts.get('stats-F'));
    controls.act('resetStats');
    paint(demo);
    for (const id of ['stats-af1', 'stats-bf2', 'stats-cf3', 'stats-F', 'stats-steps'])
      expect(count(controls.readouts.get(id)), id).toBeLessThan(Math.min(before / 4, 10));
    expect(demo.currentParams!().ik).toBe(true);
    noNaN(controls);
  });

  it('holding ← turns the walker left, and it walks on that way; ↓ stops it, ↑ walks again', () => {
    const { demo, controls } = create('ik-walk', { terrain: 'flat' });
    run(demo, 0.5);
    expect(demo.onKey!('ArrowLeft', true)).toBe(true);
    run(demo, 1);
    demo.onKey!('ArrowLeft', false);
    paint(demo);
    const turned = position(controls);
    expect(turned.facing).toBeGreaterThan(20);
    run(demo, 1);
    const after = position(controls);
    expect(after.x).toBeLessThan(turned.x - 1); // facing left of +y is towards −x
    expect(after.facing).toBe(turned.facing); // key up: no more turning
    demo.onKey!('ArrowRight', true);
    run(demo, 1);
    demo.onKey!('ArrowRight', false);
    paint(demo);
    expect(position(controls).facing).toBeLessThan(after.facing - 20);

    expect(demo.onKey!('ArrowDown', true)).toBe(true);
    expect(controls.values.get('walking')).toBe(false);
    run(demo, 1.5); // the cross-fade to idle
    const stopped = position(controls);
    run(demo, 1);
    expect(position(controls)).toEqual(stopped);
    demo.onKey!('ArrowUp', true);
    expect(controls.values.get('walking')).toBe(true);
    run(demo, 1.5);
    const p = position(controls);
    expect(Math.hypot(p.x - stopped.x, p.y - stopped.y)).toBeGreaterThan(2);
    noNaN(controls);
  });

  it('the turn buttons turn as the keys do', () => {
    const { demo, controls } = create('ik-walk', { terrain: 'flat' });
    controls.act('turnRight', true);
    run(demo, 1);
    controls.act('turnRight', false);
    paint(demo);
    expect(position(controls).facing).toBeLessThan(-20);
  });

  it('the terrain choice replaces the terrain and puts the walker at its start', () => {
    const { demo, controls } = create('ik-walk');
    const surface = demo.surface as unknown as Walk3DStage;
    const names = () => {
      const out: string[] = [];
      demo.root.walk((n) => {
        if (n instanceof TerrainNode) out.push(n.name);
      });
      return out;
    };
    expect(names()).toEqual(['Hills (250 bumps)']);
    run(demo, 2);
    controls.act('terrain', 'three');
    expect(names()).toEqual([
      'Terrain A',
      'Terrain B (moved +90 y)',
      'Terrain C (moved, scaled 2×2.5×2)',
    ]);
    paint(demo);
    const p = position(controls);
    expect(p.x).toBeCloseTo(0, 0);
    expect(p.y).toBeGreaterThanOrEqual(10);
    expect(p.y).toBeLessThan(12);
    expect(demo.currentParams!().terrain).toBe('three');
    // Flat ground: height 0 everywhere, and the feet stay on it.
    controls.act('terrain', 'flat');
    expect(surface.terrain.heightAt(3, 7)).toBe(0);
    expect(names()).toEqual(['Flat ground']);
    run(demo, 6);
    const [sink] = nums(controls.readouts.get('worst'));
    // 0.11 here (0.06 under the seed's rule): each foot's own test counts the frames where the
    // heel rises on the toes as planted, and there the b term (legs near the clip's angles) holds
    // the foot below its target (lesson 15 says so).
    expect(sink).toBeLessThan(0.15);
    noNaN(controls);
  });

  it('the second-character toggle adds a walker that walks too, and takes it away', () => {
    const { demo, controls } = create('ik-walk', { terrain: 'flat' });
    const view = (demo.surface as unknown as Walk3DStage).view;
    expect(view.walkers).toHaveLength(1);
    controls.act('second', true);
    expect(view.walkers).toHaveLength(2);
    const second = view.walkers[1]!.walker as unknown as { position: Float64Array };
    const y0 = second.position[1]!;
    run(demo, 2);
    expect(second.position[1]! - y0).toBeGreaterThan(4);
    for (const v of second.position) expect(Number.isFinite(v)).toBe(true);
    expect(demo.currentParams!().second).toBe(true);
    controls.act('second', false);
    expect(view.walkers).toHaveLength(1);
    expect(demo.currentParams!().second).toBe(false);
    noNaN(controls);
  });

  it('with every option on, on the three terrains, at 30 frames a second, nothing is NaN', () => {
    const { demo, controls } = create('ik-walk', {
      terrain: 'three',
      validateStrides: true,
      fastSolver: true,
      alignFeet: true,
      hip: true,
      second: true,
    });
    run(demo, 4, 1 / 30);
    demo.onKey!('ArrowLeft', true);
    run(demo, 1, 1 / 30);
    demo.onKey!('ArrowLeft', false);
    run(demo, 1, 1 / 30);
    noNaN(controls);
    expect(demo.currentParams!()).toMatchObject({
      validateStrides: true,
      fastSolver: true,
      alignFeet: true,
      hip: true,
      second: true,
    });
  });
});
