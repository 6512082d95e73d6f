import type { ChainIK2D, ChainIKStatus } from '../../ik/chain-ik-2d.ts';
import type { TraceEvent } from '../../ik/solve-result.ts';
import type { ButtonControl } from '../contract.ts';
import { describeStep } from '../step-sentences.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { StepBarUi } from './solver-stepper.ts';
// The drawing comes with the engine: solver-stepper loads this one module for both.
export { drawSubStep } from './step-overlay.ts';

/** Sub-steps shown per second while playing. */
const PLAY_RATE = 4;

/** What the engine shows its work on: the step bar's buttons and readouts, and its words. */
export interface StepBar {
  stepButton: ButtonControl;
  playButton: ButtonControl;
  liveButton: ButtonControl;
  substep: { set(text: string): void };
  what: { set(text: string): void };
  say: StepBarUi['say'];
}

/**
 * The stepping itself, loaded with the step sentences once a figure runs (SolverStepper is the
 * shell a figure holds from the start). Step, Play or Jump switch to stepping: the solve from
 * the rest pose to the current target is recorded with a trace, and shown one sub-step at a
 * time. Sub-steps that are whole poses move the real bones; FABRIK's mid-pass positions are not
 * poses (a bone is stretched until the pass ends), so the bones keep the last whole pose and
 * the working positions are drawn as a ghost.
 */
export class StepEngine {
  events: TraceEvent[] = [];
  /** −1: the start pose; otherwise the sub-step shown. */
  index = -1;
  stepping = false;
  playing = false;
  private clock = 0;
  startPose: Float64Array | null = null;
  /** Tip to target in the start pose, and the recorded solve's outcome. */
  startError = NaN;
  final: ChainIKStatus | null = null;

  constructor(
    private readonly ik: ChainIK2D,
    private readonly bar: StepBar,
    private readonly onRecorded: () => void,
  ) {}

  /** The sub-step on show (null at the start pose or in live mode). */
  get current(): TraceEvent | null {
    return this.stepping && this.index >= 0 ? (this.events[this.index] ?? null) : null;
  }

  /** Advances playback. */
  update(dt: number): void {
    if (!this.stepping || !this.playing) return;
    this.clock += dt;
    while (this.clock >= 1 / PLAY_RATE) {
      this.clock -= 1 / PLAY_RATE;
      if (this.index >= this.events.length - 1) {
        this.setPlaying(false);
        break;
      }
      this.show(this.index + 1);
    }
  }

  /** The target or the skeleton changed: record again (if stepping). */
  invalidate(): void {
    if (!this.stepping) return;
    this.record();
    this.show(-1);
  }

  step(): void {
    if (!this.stepping) this.begin();
    else if (this.index < this.events.length - 1) this.show(this.index + 1);
    this.setPlaying(false);
  }

  togglePlay(): void {
    if (!this.stepping) this.begin();
    else if (!this.playing && this.index >= this.events.length - 1) this.show(-1);
    this.setPlaying(!this.playing);
  }

  jumpToEnd(): void {
    if (!this.stepping) this.begin();
    this.show(this.events.length - 1);
    this.setPlaying(false);
  }

  goLive(): void {
    this.stepping = false;
    this.setPlaying(false);
    this.ik.held = false;
    this.bar.liveButton.setDisabled(true);
    this.showStatus();
  }

  private begin(): void {
    this.stepping = true;
    this.ik.held = true;
    this.bar.liveButton.setDisabled(false);
    this.record();
    this.show(-1);
  }

  private setPlaying(playing: boolean): void {
    this.playing = playing;
    this.clock = 0;
    this.bar.playButton.setLabel(this.bar.say(playing ? 'pause' : 'play'));
    this.bar.playButton.setPressed(playing);
  }

  /** Solves from the rest pose with a trace; the tree is left at the rest pose. */
  private record(): void {
    const bones = this.ik.getBones();
    if (bones.length === 0) {
      // The chain does not resolve (a path leads nowhere): nothing to record, nothing to move.
      this.events = [];
      this.startPose = null;
      this.final = { ...this.ik.status };
      this.onRecorded();
      return;
    }
    for (const b of bones) b.rotation = b.rest.rotation;
    this.startPose = jointPositions(this.ik);
    this.startError = tipToTarget(this.ik, this.startPose);
    const events: TraceEvent[] = [];
    // A cold start, so the trace begins at the rest pose even when the node would warm-start
    // from its remembered IK result (with a mix below 1, the bones do not show that result).
    const fromRest = this.ik.startFromRest;
    this.ik.startFromRest = true;
    this.final = {
      ...this.ik.solve((e) => {
        if (e.pass !== 'iteration') events.push(e);
      }),
    };
    this.ik.startFromRest = fromRest;
    for (const b of bones) b.rotation = b.rest.rotation;
    this.events = events;
    this.onRecorded();
  }

  private show(index: number): void {
    this.index = Math.max(-1, Math.min(this.events.length - 1, index));
    // The bones show the last whole pose at or before this sub-step.
    let pose = this.startPose;
    for (let i = this.index; i >= 0; i--) {
      if (this.events[i]!.valid) {
        pose = this.events[i]!.positions;
        break;
      }
    }
    if (pose) this.ik.applyPositions(pose);
    this.showStatus();
  }

  /** The step bar's readouts and buttons, for the sub-step on show (or live). */
  showStatus(): void {
    const { say, substep, what } = this.bar;
    // At the last sub-step there is nothing more to step to (Play starts over, Live leaves).
    this.bar.stepButton.setDisabled(this.stepping && this.index >= this.events.length - 1);
    if (!this.stepping) {
      substep.set(say('live'));
      what.set(say('liveWhat'));
      return;
    }
    const total = this.events.length;
    if (total === 0) {
      substep.set(say('counter', { k: 0, n: 0 }));
      what.set(
        this.final && !this.final.ok
          ? say('nothingToSolve', { message: this.final.message })
          : say('alreadyThere'),
      );
      return;
    }
    substep.set(say('counter', { k: this.index + 1, n: total }));
    const e = this.current;
    what.set(
      e
        ? describeStep(
            e,
            this.ik.getBones().map((b) => b.name),
          )
        : say('restPose'),
    );
  }
}

/** Joint positions (x0, y0, …, tip) of the IK node's chain, read from the tree. */
function jointPositions(ik: ChainIK2D): Float64Array {
  const bones = ik.getBones();
  const out = new Float64Array(2 * (bones.length + 1));
  bones.forEach((b, i) => {
    const g = b.globalTransform;
    out[2 * i] = g.tx;
    out[2 * i + 1] = g.ty;
  });
  const last = bones[bones.length - 1];
  if (last) {
    const t = last.tipGlobalPosition;
    out[2 * bones.length] = t.x;
    out[2 * bones.length + 1] = t.y;
  }
  return out;
}

/** Distance from the tip in `positions` (x0, y0, …, tip) to the IK node's target. */
function tipToTarget(ik: ChainIK2D, positions: Float64Array): number {
  const target = ik.getNode(ik.targetPath);
  if (!(target instanceof Node2D) || positions.length < 2) return NaN;
  const t = target.globalPosition;
  const n = positions.length;
  return Math.hypot(positions[n - 2]! - t.x, positions[n - 1]! - t.y);
}
