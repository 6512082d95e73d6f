import { CCDIK2D, type ChainIK2D, FABRIK2D, JacobianIK2D, TwoBoneIK2D } from '../../src/ik';
import { mulberry32 } from '../../src/math/random';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { Node2D } from '../../src/scene/node2d';
import { m3Apply, m3Mul, m3TRS, type M3 } from '../unit/oracle';

/**
 * A seeded fuzz of the chain IK nodes with its own oracle (issue 17). Each case builds a random
 * chain under random mirrors and scales (uniform on bones, any on the parent above the chain),
 * with random limits, poles, zero-length bones and targets (reachable, beyond, in the dead
 * zone, non-finite), solves once through the node, and checks with matrices composed here, not
 * the tree's: no NaN, no exception, bone lengths kept, limits kept, the status telling the
 * truth about the tip, poles reported honestly. Counts are what it found; the time of the
 * slowest call is reported, never asserted.
 */
export interface FuzzCounts {
  cases: number;
  exceptions: number;
  notFinite: number;
  lengthDrift: number;
  limitBroken: number;
  /** status.reached or status.error disagreeing with the oracle's tip. */
  statusUntrue: number;
  /** FABRIK with a pole: status.poleMisses different from the oracle's count. */
  poleCountUntrue: number;
  /** Joints left on the far side of their pole (reported in poleMisses; not an error). */
  poleMissesReported: number;
  /** FABRIK with a pole and no limits: interior joints checked, and how many missed. */
  poleJointsFree: number;
  poleMissesFree: number;
  /** Reachable targets, no limits: reached, or stopped by what (all reported in the status). */
  reachableReached: number;
  reachableCapped: number;
  reachableStalled: number;
  reachableWorkBound: number;
  /** A reachable, unlimited target missed with no reason given: capped, stalled, work bound. */
  reachableUnexplained: number;
  slowestMs: number;
  /** The 99.9th percentile of one call's time (ms): the max is mostly the machine's noise. */
  p999Ms: number;
  /** The slowest call's solver and chain size. */
  slowest: string;
  firstProblems: string[];
}

type Kind = 'reachable' | 'beyond' | 'dead-zone' | 'non-finite';

export function fuzzSolvers(cases: number, seed = 17): FuzzCounts {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const c: FuzzCounts = {
    cases: 0,
    exceptions: 0,
    notFinite: 0,
    lengthDrift: 0,
    limitBroken: 0,
    statusUntrue: 0,
    poleCountUntrue: 0,
    poleMissesReported: 0,
    poleJointsFree: 0,
    poleMissesFree: 0,
    reachableReached: 0,
    reachableCapped: 0,
    reachableStalled: 0,
    reachableWorkBound: 0,
    reachableUnexplained: 0,
    slowestMs: 0,
    p999Ms: 0,
    slowest: '',
    firstProblems: [],
  };
  const problem = (what: string, k: number) => {
    if (c.firstProblems.length < 10) c.firstProblems.push(`case ${k}: ${what}`);
  };
  const times = new Float64Array(cases);
  for (let k = 0; k < cases; k++) {
    c.cases++;
    const solver = pick(['fabrik', 'ccd', 'two-bone', 'transpose', 'dls'] as const);
    const count =
      solver === 'two-bone'
        ? 2
        : rand() < 0.02
          ? 50 + Math.floor(rand() * 150)
          : 1 + Math.floor(rand() * 12);
    const lengths = Array.from({ length: count }, () => (rand() < 0.05 ? 0 : 0.2 + rand() * 40));
    let rotations = Array.from({ length: count }, () => (rand() - 0.5) * 2 * Math.PI);
    // Uniform scale with any mirror on bones; the parent above the chain may stretch.
    const boneScales = lengths.map(() => {
      const s = rand() < 0.8 ? 1 : 0.5 + rand() * 1.5;
      return { x: rand() < 0.2 ? -s : s, y: rand() < 0.2 ? -s : s };
    });
    const parentScale =
      rand() < 0.2
        ? {
            x: (0.4 + rand() * 2) * (rand() < 0.3 ? -1 : 1),
            y: (0.4 + rand() * 2) * (rand() < 0.3 ? -1 : 1),
          }
        : { x: rand() < 0.3 ? -1 : 1, y: rand() < 0.3 ? -1 : 1 };
    const parentRotation = (rand() - 0.5) * 2 * Math.PI;
    const parentPosition = { x: (rand() - 0.5) * 200, y: (rand() - 0.5) * 200 };
    const limited = solver !== 'two-bone' && rand() < 0.3;
    const limits = lengths.map(() => {
      const half = 0.2 + rand() * 3.2; // up to past a full turn: "±180°" and more
      const mid = (rand() - 0.5) * 2;
      return { limited: limited && rand() < 0.7, min: mid - half, max: mid + half };
    });
    // A pose the limits allow to start from (a game's skeleton starts inside its limits).
    rotations = rotations.map((r, i) => {
      const l = limits[i]!;
      return l.limited && l.max - l.min < 2 * Math.PI ? l.min + rand() * (l.max - l.min) : r;
    });
    const usePole = (solver === 'fabrik' || solver === 'two-bone') && rand() < 0.35;

    // The tree.
    const world = new Node2D('World');
    const parent = world.addChild(new Node2D('Parent'));
    parent.position = parentPosition;
    parent.rotation = parentRotation;
    parent.scale = parentScale;
    const bones: Bone2D[] = [];
    let up: Node2D = parent;
    lengths.forEach((l, i) => {
      const b = up.addChild(new Bone2D(`B${i}`, l));
      b.position = { x: i === 0 ? 0 : lengths[i - 1]!, y: 0 };
      b.rotation = rotations[i]!;
      b.scale = boneScales[i]!;
      bones.push(b);
      up = b;
    });
    const target = world.addChild(new Marker2D('Target', 'target'));
    const pole = usePole ? world.addChild(new Marker2D('Pole', 'pole')) : null;
    const ik: ChainIK2D =
      solver === 'fabrik'
        ? new FABRIK2D()
        : solver === 'ccd'
          ? new CCDIK2D()
          : solver === 'two-bone'
            ? new TwoBoneIK2D()
            : Object.assign(new JacobianIK2D(), { method: solver });
    world.addChild(ik);
    ik.rootBonePath = '../Parent/B0';
    ik.tipBonePath = `../Parent/${bones.map((b) => b.name).join('/')}`;
    ik.targetPath = '../Target';
    if (pole) (ik as FABRIK2D | TwoBoneIK2D).polePath = '../Pole';
    ik.joints = limits;
    ik.maxIterations = pick([10, 30, 100, 1000]);

    // The oracle: global matrices composed here from the values set above.
    const joints = (rs: readonly number[]) => {
      let m: M3 = m3TRS(
        parentPosition.x,
        parentPosition.y,
        parentRotation,
        parentScale.x,
        parentScale.y,
      );
      const out: { x: number; y: number }[] = [];
      lengths.forEach((_, i) => {
        m = m3Mul(
          m,
          m3TRS(i === 0 ? 0 : lengths[i - 1]!, 0, rs[i]!, boneScales[i]!.x, boneScales[i]!.y),
        );
        out.push(m3Apply(m, 0, 0));
      });
      out.push(m3Apply(m, lengths.at(-1)!, 0));
      return out;
    };
    const before = joints(rotations);
    const segment = (p: { x: number; y: number }[], i: number) =>
      Math.hypot(p[i + 1]!.x - p[i]!.x, p[i + 1]!.y - p[i]!.y);
    const reach = before.slice(0, -1).reduce((s, _, i) => s + segment(before, i), 0);
    const longest = Math.max(...before.slice(0, -1).map((_, i) => segment(before, i)));
    const inner = Math.max(0, 2 * longest - reach);
    const kind: Kind = pick([
      'reachable',
      'reachable',
      'reachable',
      'beyond',
      'dead-zone',
      'non-finite',
    ]);
    const angle = rand() * 2 * Math.PI;
    const base = before[0]!;
    const d =
      kind === 'reachable'
        ? inner + (0.05 + 0.9 * rand()) * (reach - inner)
        : kind === 'beyond'
          ? reach * (1.05 + rand())
          : inner * rand() * 0.95;
    const goal =
      kind === 'non-finite'
        ? { x: pick([NaN, Infinity, -Infinity]), y: 0 }
        : { x: base.x + d * Math.cos(angle), y: base.y + d * Math.sin(angle) };
    target.position = kind === 'non-finite' ? { x: 7, y: 3 } : goal;
    if (kind === 'non-finite') target.position = goal; // refused: the target stays at (7, 3)
    if (pole)
      pole.position = {
        x: base.x + (rand() - 0.5) * 3 * reach,
        y: base.y + (rand() - 0.5) * 3 * reach,
      };
    ik.tolerance = 1e-3 * (1 + reach);

    const t0 = performance.now();
    try {
      ik.solve();
    } catch (e) {
      c.exceptions++;
      problem(`${solver} threw ${(e as Error).message}`, k);
      continue;
    }
    const ms = performance.now() - t0;
    times[k] = ms;
    if (ms > c.slowestMs) {
      c.slowestMs = ms;
      c.slowest = `${solver}, ${count} bones, cap ${ik.maxIterations}${pole ? ', pole' : ''}${limited ? ', limits' : ''}`;
    }
    const s = ik.status;
    const rs = bones.map((b) => b.rotation);
    if (!rs.every(Number.isFinite)) {
      c.notFinite++;
      problem(`${solver} wrote a rotation that is not finite`, k);
      continue;
    }
    const after = joints(rs);
    // Lengths: only a parent's stretch bends them, and it sits above every bone (segments are
    // measured in the parent's space by undoing it: compare against the same rotations' chain).
    if (parentScale.x === parentScale.y || Math.abs(parentScale.x) === Math.abs(parentScale.y)) {
      for (let i = 0; i < count; i++)
        if (Math.abs(segment(after, i) - segment(before, i)) > 1e-9 * (1 + reach)) {
          c.lengthDrift++;
          problem(`${solver}: bone ${i} changed length`, k);
          break;
        }
    }
    for (let i = 0; i < count; i++) {
      const l = limits[i]!;
      if (!l.limited || l.max - l.min >= 2 * Math.PI) continue;
      const span = l.max - l.min;
      const along = (((rs[i]! - l.min) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
      if (along > span + 1e-9 && along < 2 * Math.PI - 1e-9) {
        c.limitBroken++;
        problem(`${solver}: bone ${i} at ${rs[i]} outside [${l.min}, ${l.max}]`, k);
        break;
      }
    }
    const tip = after[count]!;
    const t = target.position;
    const miss = Math.hypot(tip.x - t.x, tip.y - t.y);
    if (
      s.ok &&
      (s.reached !== miss <= ik.tolerance * (1 + 1e-9) ||
        Math.abs(s.error - miss) > 1e-6 * (1 + reach))
    ) {
      c.statusUntrue++;
      problem(
        `${solver}: status says reached ${s.reached}, error ${s.error}; the tip is ${miss} away`,
        k,
      );
    }
    if (solver === 'fabrik' && pole) {
      let wrong = 0;
      const P = after;
      const pp = pole.position;
      for (let i = 1; i < count; i++) {
        const lx = P[i + 1]!.x - P[i - 1]!.x;
        const ly = P[i + 1]!.y - P[i - 1]!.y;
        const joint = lx * (P[i]!.y - P[i - 1]!.y) - ly * (P[i]!.x - P[i - 1]!.x);
        const side = lx * (pp.y - P[i - 1]!.y) - ly * (pp.x - P[i - 1]!.x);
        // Clear cases only: the solver's "on the line" allowance is relative to these sizes.
        if (joint * side < 0 && Math.abs(joint) > 1e-6 * (lx * lx + ly * ly)) wrong++;
      }
      c.poleMissesReported += s.poleMisses;
      if (!limited) {
        c.poleJointsFree += count - 1;
        c.poleMissesFree += s.poleMisses;
      }
      if (wrong > s.poleMisses) {
        c.poleCountUntrue++;
        problem(`fabrik: ${wrong} joints off their pole's side, ${s.poleMisses} reported`, k);
      }
    }
    // The ring is the reach in the parent's space; a stretched parent makes it an ellipse-like
    // shape this oracle does not classify.
    const stretched = Math.abs(parentScale.x) !== Math.abs(parentScale.y);
    if (kind === 'reachable' && !limited && !pole && !stretched) {
      if (s.reached) c.reachableReached++;
      else if (s.workBound) c.reachableWorkBound++;
      else if (s.stalled) c.reachableStalled++;
      else if (s.capped) c.reachableCapped++;
      else {
        c.reachableUnexplained++;
        problem(`${solver}: a reachable target missed by ${miss} with no reason given`, k);
      }
    }
  }
  times.sort();
  c.p999Ms = times[Math.min(cases - 1, Math.floor(cases * 0.999))] ?? 0;
  return c;
}
