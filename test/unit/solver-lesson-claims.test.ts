import { describe, expect, it } from 'vitest';
import { chainFrom } from '../../src/ik/chain';
import { ChainIK2D } from '../../src/ik/chain-ik-2d';
import { JacobianIK2D } from '../../src/ik/jacobian-ik-2d';
import { solveJacobian } from '../../src/ik/jacobian-kernel';
import { createResult } from '../../src/ik/solve-result';
import { jacobianSteps, newJacobianSteps, tipMotion } from '../../src/ik/jacobian-steps';
import { TwoBoneIK2D } from '../../src/ik/two-bone-ik-2d';
import { mulberry32 } from '../../src/math/random';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import type { Node2D } from '../../src/scene/node2d';
import { PANEL } from '../../src/demos/solver-race/lanes';
import { runDemo } from './fake-controls';

/**
 * Claims of lessons 3, 6 and 7 that are not a readout's digits: the mirror rule, the stretched
 * upper arm, DLS's factor per direction, and the race's grid and warm starts, measured on the
 * figures' own scenes and solvers.
 */
type Run = ReturnType<typeof runDemo>;
const frame = ({ demo }: Run) => demo.update(1 / 60);
/** The direction of a bone's segment on screen, from its origin to its tip (radians). */
const heading = (b: Bone2D) => {
  const a = b.globalPosition;
  const t = b.tipGlobalPosition;
  return Math.atan2(t.y - a.y, t.x - a.x);
};
const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));
const median = (a: readonly number[]) => {
  const s = [...a].sort((p, q) => p - q);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** The smallest count that nine solves in ten stay at or under. */
const nineInTen = (a: readonly number[]) =>
  [...a].sort((p, q) => p - q)[Math.ceil(0.9 * a.length) - 1]!;
const mean = (a: readonly number[]) => a.reduce((p, q) => p + q, 0) / a.length;

describe('lesson 3: the mirror rule lives in the parent’s space', () => {
  const turnOnScreen = (flips: Record<string, string>, bone: 0 | 1) => {
    const run = runDemo('two-bone-ik', flips);
    const b = run.demo.root.findAll(Bone2D)[bone]!;
    // Hold the solver off, so only the turn below moves the bone.
    run.demo.root.findAll(TwoBoneIK2D)[0]!.enabled = false;
    const before = heading(b);
    b.rotation += 0.1;
    return wrap(heading(b) - before);
  };

  it('a mirrored parent turns a local +δ into −δ on screen; a flip on the bone itself does not', () => {
    expect(turnOnScreen({}, 1)).toBeCloseTo(0.1, 9);
    // Skeleton mirrored: both bones' parents are mirrored.
    expect(turnOnScreen({ flipRootX: 'true' }, 0)).toBeCloseTo(-0.1, 9);
    expect(turnOnScreen({ flipRootX: 'true' }, 1)).toBeCloseTo(-0.1, 9);
    // Forearm mirrored: its parent, the upper arm, is not.
    expect(turnOnScreen({ flipMiddleX: 'true' }, 1)).toBeCloseTo(0.1, 9);
    // Both: the forearm's parent is mirrored once.
    expect(turnOnScreen({ flipRootX: 'true', flipMiddleX: 'true' }, 1)).toBeCloseTo(-0.1, 9);
  });

  it('mirroring the forearm turns its solved local rotation by 180°, and the tip stays on the target', () => {
    const plain = runDemo('two-bone-ik', { flipRootX: 'true', targetX: '-160', targetY: '80' });
    const flipped = runDemo('two-bone-ik', {
      flipRootX: 'true',
      flipMiddleX: 'true',
      targetX: '-160',
      targetY: '80',
    });
    const fore = (r: Run) => r.demo.root.findAll(Bone2D)[1]!;
    expect(Math.abs(wrap(fore(flipped).rotation - fore(plain).rotation))).toBeCloseTo(Math.PI, 6);
    const tip = fore(flipped).tipGlobalPosition;
    expect(Math.hypot(tip.x + 160, tip.y - 80)).toBeLessThan(0.01);
  });
});

describe('lesson 3: a stretch on the upper arm itself', () => {
  const stretched = () => {
    const run = runDemo('two-bone-ik', { targetX: '150', targetY: '60' });
    const [upper, fore] = run.demo.root.findAll(Bone2D) as [Bone2D, Bone2D];
    upper.scale = { x: 1.6, y: 1 };
    return { run, upper, fore };
  };
  const length = (b: Bone2D) => {
    const a = b.globalPosition;
    const t = b.tipGlobalPosition;
    return Math.hypot(t.x - a.x, t.y - a.y);
  };

  it('the forearm’s length on screen changes with the elbow angle, not with the upper arm’s turn', () => {
    const { run, upper, fore } = stretched();
    run.demo.root.findAll(TwoBoneIK2D)[0]!.enabled = false;
    fore.rotation = 0.7;
    const at = length(fore);
    upper.rotation += 1.1;
    expect(length(fore)).toBeCloseTo(at, 9);
    fore.rotation = 0;
    expect(length(fore)).toBeCloseTo(1.6 * fore.length, 9);
    fore.rotation = Math.PI / 2;
    expect(length(fore)).toBeCloseTo(fore.length, 9);
  });

  it('a reaching pose still exists (found by a search over the elbow), but the closed form misses and warns', () => {
    const { run, upper, fore } = stretched();
    const ik = run.demo.root.findAll(TwoBoneIK2D)[0]!;
    const target = run.demo.root.findAll(Marker2D).find((m) => m.name === 'Target')!.globalPosition;
    frame(run);
    const solved = fore.tipGlobalPosition;
    expect(ik.status.warning).toMatch(/non-uniform/);
    expect(Math.hypot(solved.x - target.x, solved.y - target.y)).toBeGreaterThan(1);
    // The search: the shoulder-to-tip distance falls as the elbow closes; bisect for the target's.
    ik.enabled = false;
    const shoulder = upper.globalPosition;
    const d = Math.hypot(target.x - shoulder.x, target.y - shoulder.y);
    const reachAt = (elbow: number) => {
      fore.rotation = elbow;
      const t = fore.tipGlobalPosition;
      return Math.hypot(t.x - shoulder.x, t.y - shoulder.y);
    };
    let lo = 0;
    let hi = Math.PI;
    expect(reachAt(lo)).toBeGreaterThan(d);
    expect(reachAt(hi)).toBeLessThan(d);
    for (let k = 0; k < 60; k++) {
      const mid = (lo + hi) / 2;
      if (reachAt(mid) > d) lo = mid;
      else hi = mid;
    }
    reachAt(lo);
    // Then turn the shoulder so the tip lies along the line to the target.
    const t = fore.tipGlobalPosition;
    upper.rotation += Math.atan2(target.y - shoulder.y, target.x - shoulder.x);
    upper.rotation -= Math.atan2(t.y - shoulder.y, t.x - shoulder.x);
    const tip = fore.tipGlobalPosition;
    expect(Math.hypot(tip.x - target.x, tip.y - target.y)).toBeLessThan(1e-6);
  });
});

describe('lesson 6: singular values and DLS’s factor per direction', () => {
  it('σ are J’s singular values; with λ = 30 units DLS keeps σ²/(σ²+λ²) of each direction: 0.993 and 0.006 on the straightened arm', () => {
    const run = runDemo('jacobian');
    run.controls.act('straighten');
    frame(run);
    const [s1, s2] = run.controls.readouts.get('sigma')!.split(/[,(]/).map(Number) as [
      number,
      number,
    ];
    expect([s1, s2]).toEqual([358.8, 2.3]);
    expect(run.controls.readouts.get('step-sizes')).toMatch(
      /^transpose 16\.7°, pseudo-inverse 345\.1°, DLS 18\.3°$/,
    );
    // Rebuild J from the tree (the oracle) and check what DLS does along each singular direction.
    const bones = run.demo.root.findAll(Bone2D);
    const target = run.demo.root.findAll(Marker2D)[0]!.globalPosition;
    const p: number[] = [];
    for (const b of bones) p.push(b.globalPosition.x, b.globalPosition.y);
    const tip = bones.at(-1)!.tipGlobalPosition;
    p.push(tip.x, tip.y);
    const e = { x: target.x - tip.x, y: target.y - tip.y };
    // Of the way to the target, 22 units lie along the arm (the hard direction), the rest across.
    const b0 = bones[0]!.globalPosition;
    const along = Math.atan2(tip.y - b0.y, tip.x - b0.x);
    expect(Math.round(Math.abs(e.x * Math.cos(along) + e.y * Math.sin(along)))).toBe(22);
    const lambda = 0.1 * 300;
    const out = jacobianSteps(p, e.x, e.y, lambda, newJacobianSteps(bones.length));
    // J Jᵀ = [a b; b c]; its eigenvalues are σ².
    let [a, b, c] = [0, 0, 0];
    for (let i = 0; i < bones.length; i++) {
      const [jx, jy] = [out.columns[2 * i]!, out.columns[2 * i + 1]!];
      a += jx * jx;
      b += jx * jy;
      c += jy * jy;
    }
    const spread = Math.hypot((a - c) / 2, b);
    expect(Math.sqrt((a + c) / 2 + spread)).toBeCloseTo(out.sigma[0], 9);
    expect(Math.sqrt((a + c) / 2 - spread)).toBeCloseTo(out.sigma[1], 9);
    const move = tipMotion(out.columns, out.dls, { x: 0, y: 0 });
    const factors: number[] = [];
    for (const s of out.sigma) {
      // The eigenvector of J Jᵀ for σ²: (b, σ² − a), or (σ² − c, b).
      const l = s * s;
      const u =
        Math.abs(b) > 1e-9
          ? { x: b, y: l - a }
          : Math.abs(l - a) < Math.abs(l - c)
            ? { x: 1, y: 0 }
            : { x: 0, y: 1 };
      const n = Math.hypot(u.x, u.y);
      const along = (v: { x: number; y: number }) => (v.x * u.x + v.y * u.y) / n;
      const factor = along(move) / along(e);
      expect(factor).toBeCloseTo(l / (l + lambda * lambda), 9);
      factors.push(factor);
    }
    expect(factors[0]!.toFixed(3)).toBe('0.993');
    expect(factors[1]!.toFixed(3)).toBe('0.006');
  });
});

describe('lesson 7: the race’s grid and its warm starts', () => {
  /** Each solver's iterations for targets `points`, each solve from the rest pose. */
  const raceOver = (points: readonly [number, number][]) => {
    const run = runDemo('solver-race');
    const target = run.demo.root.findAll(Marker2D)[0]!;
    const counts: Record<string, number[]> = { ccd: [], fabrik: [], transpose: [], dls: [] };
    const even: Record<string, number[]> = { ccd: [], fabrik: [], transpose: [], dls: [] };
    const tip: Record<string, number[]> = { ccd: [], fabrik: [], transpose: [], dls: [] };
    for (const [x, y] of points) {
      target.position = { x, y };
      frame(run);
      for (const id of Object.keys(counts)) {
        const line = run.controls.readouts.get(`race-${id}`)!;
        counts[id]!.push(Number(/^(\d+) iterations?/.exec(line)![1]));
        const m = /evenness (\d+)%, tip third (\d+)%/.exec(line)!;
        even[id]!.push(Number(m[1]));
        tip[id]!.push(Number(m[2]));
      }
    }
    return { counts, even, tip };
  };

  it('a 15-unit grid over one pane, within 90% of the reach: 268 targets, and the lesson’s medians', () => {
    const run = runDemo('solver-race');
    const pane = run.demo.root.findAll(ChainIK2D)[0]!;
    const base = pane.getBones()[0]!;
    // The pane is 380 × 300 around its own origin; the skeleton's position is the base, in it.
    const origin = (base.parent as Node2D).position;
    const reach = pane.getBones().reduce((sum, b) => sum + b.length, 0);
    expect(PANEL).toEqual({ width: 380, height: 300 });
    const grid: [number, number][] = [];
    for (let x = -PANEL.width / 2; x <= PANEL.width / 2; x += 15)
      for (let y = -PANEL.height / 2; y <= PANEL.height / 2; y += 15)
        if (Math.hypot(x - origin.x, y - origin.y) <= 0.9 * reach) grid.push([x, y]);
    expect(grid).toHaveLength(268);
    // Most lie ahead of the rest pose: within 90° of the line from the base to its tip.
    const restTip = pane.getBones().at(-1)!.tipGlobalPosition;
    const b0 = base.globalPosition;
    const ahead = Math.atan2(restTip.y - b0.y, restTip.x - b0.x);
    const inFront = grid.filter(
      ([x, y]) => Math.cos(Math.atan2(y - origin.y, x - origin.x) - ahead) >= 0,
    ).length;
    expect(Math.round((100 * inFront) / grid.length)).toBe(87);

    const { counts, even, tip } = raceOver(grid);
    const ids = ['ccd', 'fabrik', 'dls', 'transpose'];
    expect(ids.map((id) => median(counts[id]!))).toEqual([3, 3, 5, 13]);
    expect(ids.map((id) => nineInTen(counts[id]!))).toEqual([11, 9, 7, 29]);
    // The table: tip third and evenness, each the mean of the readouts' percentages.
    const table = ['ccd', 'fabrik', 'transpose', 'dls'].map((id) => [
      Math.round(mean(tip[id]!)),
      Math.round(mean(even[id]!)),
    ]);
    expect(table).toEqual([
      [53, 67],
      [35, 48],
      [26, 78],
      [27, 76],
    ]);
  });

  it('in every direction (1 000 targets), the medians are 6, 3, 6 and 17', () => {
    const rand = mulberry32(12345);
    const points: [number, number][] = [];
    for (let k = 0; k < 1000; k++) {
      const r = 0.9 * 222 * Math.sqrt(rand());
      const a = 2 * Math.PI * rand();
      points.push([-130 + r * Math.cos(a), 100 + r * Math.sin(a)]);
    }
    const { counts } = raceOver(points);
    expect(['ccd', 'fabrik', 'dls', 'transpose'].map((id) => median(counts[id]!))).toEqual([
      6, 3, 6, 17,
    ]);
  });

  /** Iterations a frame, per solver, over the second of two laps round the base, halfway out. */
  const lap = (warm: boolean, degreesAFrame: number) => {
    const run = runDemo('solver-race');
    if (warm) run.controls.act('warm', true);
    const target = run.demo.root.findAll(Marker2D)[0]!;
    const counts: Record<string, number[]> = { ccd: [], fabrik: [], transpose: [], dls: [] };
    const frames = Math.round(360 / degreesAFrame);
    for (let k = 0; k < 2 * frames; k++) {
      const a = (k * degreesAFrame * Math.PI) / 180;
      target.position = { x: -130 + 111 * Math.cos(a), y: 100 + 111 * Math.sin(a) };
      frame(run);
      if (k < frames) continue;
      for (const id of Object.keys(counts))
        counts[id]!.push(
          Number(/^(\d+) iterations?/.exec(run.controls.readouts.get(`race-${id}`)!)![1]),
        );
    }
    return Object.fromEntries(Object.entries(counts).map(([id, c]) => [id, mean(c)]));
  };

  it('round the base at 2° a frame: the warm start slows CCD, saves FABRIK about one iteration, DLS and the transpose method far more', () => {
    const warm = lap(true, 2);
    const cold = lap(false, 2);
    const one = (x: number) => Number(x.toFixed(1));
    expect([one(warm.ccd!), one(cold.ccd!)]).toEqual([8.8, 5.8]);
    expect([one(warm.fabrik!), one(cold.fabrik!)]).toEqual([2, 3.1]);
    expect([one(warm.dls!), one(cold.dls!)]).toEqual([1.6, 6.4]);
    expect([Math.round(warm.transpose!), Math.round(cold.transpose!)]).toEqual([5, 21]);
    // Slower still, at 1° a frame, FABRIK needs one iteration a frame.
    expect(lap(true, 1).fabrik).toBe(1);
    // Faster, at 10° a frame, the transpose method gains nothing.
    const fast = lap(true, 10);
    const fastCold = lap(false, 10);
    expect([Math.round(fast.transpose!), Math.round(fastCold.transpose!)]).toEqual([21, 19]);
  });

  it('round the base from the warm pose, CCD’s chain folds back at its second joint', () => {
    const run = runDemo('solver-race');
    run.controls.act('warm', true);
    const target = run.demo.root.findAll(Marker2D)[0]!;
    const bones = run.demo.root.findAll(ChainIK2D)[0]!.getBones();
    let sharpest = 0;
    for (let k = 0; k < 360; k++) {
      const a = (2 * k * Math.PI) / 180;
      target.position = { x: -130 + 111 * Math.cos(a), y: 100 + 111 * Math.sin(a) };
      frame(run);
      sharpest = Math.max(sharpest, Math.abs(wrap(bones[1]!.rotation)));
    }
    expect((sharpest * 180) / Math.PI).toBeGreaterThan(160);
  });
});

describe('lesson 6 rebuilt: Jᵀe downhill, J’s two directions, the solver’s clamp', () => {
  /** The figure's arm as plain numbers, read from its tree (the oracle works on these). */
  const armOf = (run: Run) => {
    const bones = run.demo.root.findAll(Bone2D);
    const target = run.demo.root.findAll(Marker2D)[0]!;
    const p: number[] = [];
    for (const b of bones) p.push(b.globalPosition.x, b.globalPosition.y);
    const tip = bones.at(-1)!.tipGlobalPosition;
    p.push(tip.x, tip.y);
    return { bones, target, p, tip, t: target.globalPosition };
  };
  /** ½|t − tip|² read from the tree after turning bone i by h (and back): no J involved. */
  const energyTurned = (run: Run, i: number, h: number) => {
    const { bones, target } = armOf(run);
    bones[i]!.rotation += h;
    const tip = bones.at(-1)!.tipGlobalPosition;
    const t = target.globalPosition;
    bones[i]!.rotation -= h;
    return 0.5 * ((t.x - tip.x) ** 2 + (t.y - tip.y) ** 2);
  };
  const rows = (run: Run) =>
    ['downhill', 'measured'].map((id) =>
      run.controls.readouts
        .get(id)!
        .split(', ')
        .map((v) => Number(v)),
    );

  it('the two rows of Jᵀe agree with each other and with −∂E/∂θ measured on the tree, in any pose', () => {
    const rand = mulberry32(61);
    for (let trial = 0; trial < 12; trial++) {
      const run = runDemo('jacobian', {
        show: 'gradient',
        targetX: String(Math.round(400 * (rand() - 0.5))),
        targetY: String(Math.round(400 * (rand() - 0.5))),
      });
      if (trial % 2) run.controls.act('straighten');
      frame(run);
      const [g, m] = rows(run) as [number[], number[]];
      expect(g).toEqual(m);
      for (let i = 0; i < 3; i++) {
        const h = 1e-5;
        const slope = -(energyTurned(run, i, h) - energyTurned(run, i, -h)) / (2 * h);
        expect(Math.abs(slope - g[i]!)).toBeLessThanOrEqual(0.5 + 1e-6 * Math.abs(slope));
      }
    }
  });

  it('with the error pointing at the shoulder, Jᵀe asks nothing of the shoulder and something of the others', () => {
    const run = runDemo('jacobian', { show: 'gradient' });
    frame(run);
    const { bones, tip } = armOf(run);
    const s = bones[0]!.globalPosition;
    run.demo.root.findAll(Marker2D)[0]!.position = {
      x: tip.x + 0.4 * (s.x - tip.x),
      y: tip.y + 0.4 * (s.y - tip.y),
    } as never;
    frame(run);
    const { p, t, tip: e } = armOf(run);
    const out = jacobianSteps(p, t.x - e.x, t.y - e.y, 30, newJacobianSteps(3));
    const g = [0, 1, 2].map(
      (i) => out.columns[2 * i]! * (t.x - e.x) + out.columns[2 * i + 1]! * (t.y - e.y),
    );
    expect(Math.abs(g[0]!)).toBeLessThan(1e-6 * Math.abs(g[1]!));
    expect(Math.abs(g[1]!)).toBeGreaterThan(100);
    expect(rows(run)[0]![0]).toBe(0);
  });

  it('0.25 rad of turning moves the tip inside the ellipse with half-axes 0.25σ₁u₁, 0.25σ₂u₂, touching both ends', () => {
    const run = runDemo('jacobian', { show: 'directions' });
    frame(run);
    const { p, t, tip } = armOf(run);
    const out = jacobianSteps(p, t.x - tip.x, t.y - tip.y, 30, newJacobianSteps(3));
    const [s1, s2] = out.sigma;
    const u1 = { x: Math.cos(out.direction), y: Math.sin(out.direction) };
    const rand = mulberry32(7);
    let longest = 0;
    let shortest = Infinity;
    const move = { x: 0, y: 0 };
    for (let k = 0; k < 4000; k++) {
      const d = new Float64Array([rand() - 0.5, rand() - 0.5, rand() - 0.5]);
      const n = Math.hypot(...d);
      d.forEach((v, i) => (d[i] = (0.25 * v) / n));
      tipMotion(out.columns, d, move);
      const a = move.x * u1.x + move.y * u1.y;
      const b = -move.x * u1.y + move.y * u1.x;
      // On or inside the ellipse (a / 0.25σ₁)² + (b / 0.25σ₂)² ≤ 1.
      expect((a / (0.25 * s1)) ** 2 + (b / (0.25 * s2)) ** 2).toBeLessThanOrEqual(1 + 1e-9);
      longest = Math.max(longest, Math.hypot(move.x, move.y));
      shortest = Math.min(shortest, Math.hypot(move.x, move.y));
    }
    expect(longest / (0.25 * s1)).toBeGreaterThan(0.99);
    expect([Math.round(s1 * 10) / 10, Math.round(s2 * 10) / 10]).toEqual([331.6, 56.3]);
    // Straightened, the ellipse flattens: σ₂ 2.3 against σ₁ 358.8 (the prediction's numbers).
    run.controls.act('straighten');
    frame(run);
    expect(run.controls.readouts.get('sigma')).toMatch(/^358\.8, 2\.3 /);
  });

  it('along each direction the tip moves ησ²a (transpose), a (pseudo-inverse), σ²a/(σ²+λ²) (DLS)', () => {
    const rand = mulberry32(3);
    for (let trial = 0; trial < 20; trial++) {
      const run = runDemo('jacobian', {
        targetX: String(Math.round(300 * (rand() - 0.5))),
        targetY: String(Math.round(300 * (rand() - 0.5))),
      });
      frame(run);
      const { p, t, tip } = armOf(run);
      const e = { x: t.x - tip.x, y: t.y - tip.y };
      const lambda = 30;
      const out = jacobianSteps(p, e.x, e.y, lambda, newJacobianSteps(3));
      const gx = tipMotion(out.columns, out.transpose, { x: 0, y: 0 });
      const eta =
        Math.hypot(...out.transpose) /
        Math.hypot(
          ...[0, 1, 2].map((i) => out.columns[2 * i]! * e.x + out.columns[2 * i + 1]! * e.y),
        );
      const pi = tipMotion(out.columns, out.pseudoInverse, { x: 0, y: 0 });
      const dls = tipMotion(out.columns, out.dls, { x: 0, y: 0 });
      out.sigma.forEach((s, k) => {
        const a0 = out.direction + (k * Math.PI) / 2;
        const along = (v: { x: number; y: number }) => v.x * Math.cos(a0) + v.y * Math.sin(a0);
        const a = along(e);
        expect(along(gx)).toBeCloseTo(eta * s * s * a, 6);
        expect(along(pi)).toBeCloseTo(a, 6);
        expect(along(dls)).toBeCloseTo((s * s * a) / (s * s + lambda * lambda), 6);
      });
    }
  });

  it('the solver’s clamp: one pseudo-inverse step from the straight arm ends 233.9 away unclamped, 112.7 clamped (126.8 before)', () => {
    const after = (clamp: boolean) => {
      const run = runDemo('jacobian', { method: 'pseudo-inverse', clamp: String(clamp) });
      run.controls.act('straighten');
      frame(run);
      const before = run.controls.readouts.get('error');
      const turns = armOf(run).bones.map((b) => b.rotation);
      run.controls.act('step');
      frame(run);
      const turned = armOf(run).bones.map((b, i) => Math.abs(wrap(b.rotation - turns[i]!)));
      return { before, error: run.controls.readouts.get('error'), biggest: Math.max(...turned) };
    };
    const free = after(false);
    const clamped = after(true);
    expect([free.before, free.error, clamped.error]).toEqual(['126.77', '233.90', '112.66']);
    expect(clamped.biggest).toBeCloseTo(Math.PI / 4, 9);
    // The figure's clamp is the solver's: one iteration of solveJacobian never turns a joint more.
    const chain = chainFrom([120, 100, 80], [0, 0.02, 0.02]);
    const before = Array.from(chain.angles);
    solveJacobian(
      chain,
      280,
      -100,
      { method: 'dls', damping: 0, tolerance: 0, maxIterations: 1, safeguard: false },
      createResult(),
    );
    const biggest = Math.max(...before.map((a, i) => Math.abs(wrap(chain.angles[i]! - a))));
    expect(biggest).toBeCloseTo(Math.PI / 4, 9);
    expect(new JacobianIK2D('j').method).toBe('dls');
  });
});
