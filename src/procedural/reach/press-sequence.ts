import type { Vec2 } from '../../math/vec2.ts';
import type { Marker2D } from '../../scene/marker2d.ts';
import type { FABRIK2D } from '../../ik/fabrik-2d.ts';
import type { ButtonPanel2D } from './button-panel.ts';
import {
  CLIPS,
  type ClipName,
  PRESS_FRAME,
  type PressTimeline,
  sampleTimeline,
  TIMELINE_FPS,
} from './press-timeline.ts';
import type { Arm } from './reaching-character.ts';

/**
 * Seed 002's coroutines (its Listings 4.9–4.11), as generators: each `yield` waits one frame
 * and hands back that frame's dt. `yield*` runs another coroutine to its end, as Unity's
 * `yield return StartCoroutine(...)` does. A Sequencer calls `next(dt)` once a frame.
 */
export type Coroutine = Generator<void, void, number>;

/** What one press did: which button, how far the fingertip was from it, and whether it counts. */
export interface Press {
  button: number;
  miss: number;
  hit: boolean;
}

/** Everything an arm's sequence needs, and where it reports its presses. */
export interface PressingArm {
  arm: Arm;
  panel: ButtonPanel2D;
  timeline: PressTimeline;
  presses: Press[];
  /** What it is doing now, for the page: "hand_lift", "moving to 3", … */
  phase: string;
}

/** Plays frames `from`–`to` of the keyed timeline on the arm, at the timeline's frame rate. */
export function* playClip(a: PressingArm, from: number, to: number): Coroutine {
  const pose: number[] = [];
  let frame = from;
  while (frame < to) {
    a.arm.pose(sampleTimeline(a.timeline, frame, pose));
    frame += (yield) * TIMELINE_FPS;
  }
  a.arm.pose(sampleTimeline(a.timeline, to, pose));
}

/** A named clip (seed: HandAnimation). */
export function* handAnimation(a: PressingArm, clip: ClipName): Coroutine {
  a.phase = clip;
  const [from, to] = CLIPS[clip];
  yield* playClip(a, from, to);
}

/**
 * Seed: MoveToTarget. Glides the IK target from where it is to `destination` over `duration`
 * seconds, one step a frame. The seed's loop stops just short (it never applies time = duration);
 * this one lands on the destination, then waits a frame so the IK has solved before anyone looks.
 */
export function* moveToTarget(target: Marker2D, destination: Vec2, duration: number): Coroutine {
  const start = target.position;
  let time = 0;
  while (time < duration) {
    const u = time / duration;
    target.setPosition(
      start.x + (destination.x - start.x) * u,
      start.y + (destination.y - start.y) * u,
    );
    time += yield;
  }
  target.setPosition(destination.x, destination.y);
  yield;
}

/** Notes where the fingertip is, against button `n`'s aim. */
export function press(a: PressingArm, n: number): Press {
  const aim = a.panel.aimOf(n);
  const tip = a.arm.tip;
  const miss = aim ? Math.hypot(tip.x - aim.x, tip.y - aim.y) : Infinity;
  const p = { button: n, miss, hit: miss <= a.panel.tolerance };
  a.presses.push(p);
  return p;
}

/**
 * The IK version (seed: PressButtons): lift the hand with the baked clip, remember where it is
 * (the origin), then for each button glide the target to it and back with IK on, then IK off
 * and lower the hand with the baked clip.
 */
export function* pressButtonsIK(
  a: PressingArm,
  ik: FABRIK2D,
  target: Marker2D,
  sequence: readonly number[],
  moveDuration: number,
): Coroutine {
  yield* handAnimation(a, 'hand_lift');
  const origin = a.arm.tip;
  target.setPosition(origin.x, origin.y);
  ik.enabled = true;
  for (const n of sequence) {
    const aim = a.panel.aimOf(n);
    if (!aim) continue;
    a.phase = `moving to ${n}`;
    yield* moveToTarget(target, aim, moveDuration);
    press(a, n);
    a.phase = `back from ${n}`;
    yield* moveToTarget(target, origin, moveDuration);
  }
  ik.enabled = false;
  yield* handAnimation(a, 'hand_lower');
  a.phase = 'idle';
}

/**
 * The baked version (seed: PressButton.cs): lift, then button_hit once per button, then lower.
 * The clip presses wherever button 1 was when it was keyed, whatever button is asked for.
 */
export function* pressButtonsBaked(a: PressingArm, sequence: readonly number[]): Coroutine {
  yield* handAnimation(a, 'hand_lift');
  for (const n of sequence) {
    a.phase = `button_hit (for ${n})`;
    const [from, to] = CLIPS.button_hit;
    yield* playClip(a, from, PRESS_FRAME);
    press(a, n);
    yield* playClip(a, PRESS_FRAME, to);
  }
  yield* handAnimation(a, 'hand_lower');
  a.phase = 'idle';
}

/** Runs one coroutine a frame at a time; `busy` until it ends. */
export class Sequencer {
  private running: Coroutine | null = null;

  get busy(): boolean {
    return this.running !== null;
  }

  start(co: Coroutine): void {
    this.running = co;
    co.next(0); // run to the first yield: the first frame's work happens now
  }

  update(dt: number): void {
    if (this.running && this.running.next(dt).done) this.running = null;
  }

  stop(): void {
    this.running?.return();
    this.running = null;
  }
}
