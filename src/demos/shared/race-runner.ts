import type { ChainIK2D, ChainIKStatus } from '../../ik/chain-ik-2d.ts';
import { Node2D } from '../../scene/node2d.ts';

/** One solver's run in the race, recorded iteration by iteration. */
export interface RaceRecord {
  /** Tip-to-target distance before the first iteration (index 0) and after each one. */
  errors: number[];
  /** Joint positions (global) at the start and after each iteration. */
  poses: Float64Array[];
  status: ChainIKStatus;
  /** How far each joint turned from the start pose, in degrees. */
  turns: number[];
  /** (Σ|Δθ|)² / (n·ΣΔθ²): 1 when every joint turns the same, 1/n when one joint does it all. */
  evenness: number;
  /** Share of all the turning done by the third of the joints nearest the tip (even: ⅓). */
  tipShare: number;
}

/**
 * Solves once with a trace from the chain's current pose, keeping one pose per iteration.
 * The tree is left in the solved pose.
 */
export function recordRace(ik: ChainIK2D): RaceRecord {
  const bones = ik.getBones();
  const before = bones.map((b) => b.rotation);
  const start = readJoints(ik);
  const n = bones.length;
  const errors: number[] = [];
  const poses: Float64Array[] = [start];
  ik.solve((e) => {
    if (e.pass === 'iteration' || e.pass === 'stretch' || e.pass === 'fold') {
      errors.push(e.error);
      poses.push(e.positions);
    }
  });
  const status = { ...ik.status };
  const t = targetOf(ik);
  errors.unshift(Math.hypot(start[2 * n]! - t.x, start[2 * n + 1]! - t.y));
  const turns = bones.map((b, i) => {
    const d = b.rotation - before[i]!;
    return Math.abs((Math.atan2(Math.sin(d), Math.cos(d)) * 180) / Math.PI);
  });
  return { errors, poses, status, turns, evenness: evennessOf(turns), tipShare: tipShareOf(turns) };
}

/**
 * A run for the timer: put the bones back in `pose` (rotations, root first) and solve, untraced.
 * Every run starts from the same pose, so every one does the same work.
 */
export function solveFrom(ik: ChainIK2D, pose: readonly number[]): () => void {
  const bones = ik.getBones();
  return () => {
    for (let i = 0; i < bones.length; i++) bones[i]!.rotation = pose[i]!;
    ik.solve();
  };
}

/**
 * How far each joint has turned (degrees) at iteration k of a record, from its start pose: the
 * change of each bone's direction relative to the bone before (the base does not turn).
 */
export function turnsAt(r: RaceRecord, k: number): number[] {
  const start = r.poses[0]!;
  const pose = r.poses[Math.max(0, Math.min(k, r.poses.length - 1))]!;
  const turns: number[] = [];
  let before = 0;
  let now = 0;
  for (let i = 0; 2 * i + 3 < start.length; i++) {
    const a = Math.atan2(start[2 * i + 3]! - start[2 * i + 1]!, start[2 * i + 2]! - start[2 * i]!);
    const b = Math.atan2(pose[2 * i + 3]! - pose[2 * i + 1]!, pose[2 * i + 2]! - pose[2 * i]!);
    const d = b - now - (a - before);
    turns.push(Math.abs((Math.atan2(Math.sin(d), Math.cos(d)) * 180) / Math.PI));
    before = a;
    now = b;
  }
  return turns;
}

export function evennessOf(turns: readonly number[]): number {
  let sum = 0;
  let squares = 0;
  for (const t of turns) {
    sum += Math.abs(t);
    squares += t * t;
  }
  return squares > 0 ? (sum * sum) / (turns.length * squares) : 1;
}

/** The fraction of Σ|Δθ| made by the last ⌈n/3⌉ joints; 1/3-ish when spread evenly. */
export function tipShareOf(turns: readonly number[]): number {
  const tail = Math.ceil(turns.length / 3);
  let all = 0;
  let tip = 0;
  turns.forEach((t, i) => {
    all += Math.abs(t);
    if (i >= turns.length - tail) tip += Math.abs(t);
  });
  return all > 0 ? tip / all : 0;
}

function readJoints(ik: ChainIK2D): Float64Array {
  const bones = ik.getBones();
  const out = new Float64Array(2 * (bones.length + 1));
  bones.forEach((b, i) => {
    out[2 * i] = b.globalTransform.tx;
    out[2 * i + 1] = b.globalTransform.ty;
  });
  const tip = bones[bones.length - 1]!.tipGlobalPosition;
  out[2 * bones.length] = tip.x;
  out[2 * bones.length + 1] = tip.y;
  return out;
}

function targetOf(ik: ChainIK2D): { x: number; y: number } {
  const target = ik.getNode(ik.targetPath);
  return target instanceof Node2D ? target.globalPosition : { x: NaN, y: NaN };
}
