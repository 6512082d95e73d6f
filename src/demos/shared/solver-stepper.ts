import type { ChainIK2D, ChainIKStatus } from '../../ik/chain-ik-2d';
import type { TraceEvent } from '../../ik/solve-result';
import { Node2D } from '../../scene/node2d';
import type { ButtonControl, ControlPanel, ToolbarButton } from '../contract';
import type { FigureDescription } from '../description';
import { buildFigureUi, type FigureUi } from '../figure-ui';
import { STEP_TRACE } from '../step-trace';
import { deg, num } from './format';

/** The part of a figure's kit the stepper uses: the step bar's buttons, readouts and words. */
export type StepBarUi = Pick<
  FigureUi<FigureDescription & { stepTrace: true }>,
  'action' | 'readout' | 'say'
>;
type Say = StepBarUi['say'];
type StepString = keyof typeof STEP_TRACE.strings;

/** The step bar alone on a panel, for pages that watch a solver outside a figure (playground). */
export const stepBarUi = (panel: ControlPanel): StepBarUi =>
  buildFigureUi(
    { id: 'step-bar', title: '', summary: '', params: {}, stepTrace: true as const },
    panel,
    {},
  );

/** Sub-steps shown per second while playing. */
const PLAY_RATE = 4;

/**
 * Lets a student watch a solver think. In live mode the IK node solves every frame. Step, Play
 * or Jump switch to stepping: the solve from the rest pose to the current target is recorded
 * with a trace, and shown one sub-step at a time. Sub-steps that are whole poses move the real
 * bones; FABRIK's mid-pass positions are not poses (a bone is stretched until the pass ends), so
 * the bones keep the last whole pose and the working positions are drawn as a ghost.
 * Moving the target or a flip while stepping records the solve again and starts over.
 */
const PLAYING = ['play'] as const;
const LIVE = ['live'] as const;
const NONE = [] as const;

export class SolverStepper {
  private events: TraceEvent[] = [];
  /** −1: the start pose; otherwise the sub-step shown. */
  private index = -1;
  private stepping = false;
  private playing = false;
  private clock = 0;
  private startPose: Float64Array | null = null;
  /** Where the target was at the last watchTarget. */
  private targetX = NaN;
  private targetY = NaN;
  /** Tip to target in the start pose, and the recorded solve's outcome. */
  private startError = NaN;
  private final: ChainIKStatus | null = null;
  private readonly stepButton: ButtonControl;
  private readonly playButton: ButtonControl;
  private readonly liveButton: ButtonControl;
  private readonly substep: { set(text: string): void };
  private readonly what: { set(text: string): void };
  private readonly say: Say;
  /** The four buttons again, for a bar drawn on the canvas, each with its key. */
  readonly canvasButtons: readonly ToolbarButton[];

  constructor(
    ui: StepBarUi,
    private readonly ik: ChainIK2D,
    private readonly onRecorded: () => void = () => {},
  ) {
    this.say = ui.say;
    this.stepButton = ui.action('step', () => this.step());
    this.playButton = ui.action('play', () => this.togglePlay());
    ui.action('solve', () => this.jumpToEnd());
    this.liveButton = ui.action('live', () => this.goLive());
    this.liveButton.setDisabled(true);
    this.substep = ui.readout('substep');
    this.what = ui.readout('step-what');
    const a = STEP_TRACE.actions;
    const button = (id: string, glyph: StepString, spec: typeof a.step, press: () => void) =>
      ({
        id,
        glyph: this.say(glyph),
        key: spec.key,
        tip: spec.help,
        onPress: press,
      }) satisfies ToolbarButton;
    this.canvasButtons = [
      button('step', 'canvasStep', a.step, () => this.step()),
      button('play', 'canvasPlay', a.play, () => this.togglePlay()),
      button('jump', 'canvasEnd', a.solve, () => this.jumpToEnd()),
      button('live', 'canvasLive', a.live, () => this.goLive()),
    ];
    this.showStatus();
  }

  get isStepping(): boolean {
    return this.stepping;
  }

  get isPlaying(): boolean {
    return this.stepping && this.playing;
  }

  /** The sub-step on show (null at the start pose or in live mode). */
  get current(): TraceEvent | null {
    return this.stepping && this.index >= 0 ? (this.events[this.index] ?? null) : null;
  }

  /** Joint positions just before the sub-step on show (the start pose for the first). */
  get previousPositions(): Float64Array | null {
    if (!this.stepping || this.index < 0) return null;
    return this.index === 0 ? this.startPose : this.events[this.index - 1]!.positions;
  }

  /** Every recorded sub-step (for plots), in order. */
  get recorded(): readonly TraceEvent[] {
    return this.events;
  }

  get position(): number {
    return this.index;
  }

  /**
   * What the readouts show while stepping, for the sub-step on show (null in live mode): the
   * tip-to-target error after it (the start pose's own error before the first), the iteration it
   * belongs to, and the recorded solve's outcome (its iteration count, error, reached…).
   */
  get shown(): { error: number; iteration: number; final: ChainIKStatus } | null {
    if (!this.stepping || !this.final) return null;
    const e = this.current;
    return {
      error: e ? e.error : this.startError,
      iteration: e ? e.iteration : 0,
      final: this.final,
    };
  }

  /**
   * The result line: in live mode `live` as is; while stepping, which sub-step is on show, and
   * `live` (the outcome) only at the last one.
   */
  resultLine(live: string): string {
    if (!this.stepping) return live;
    const n = this.events.length;
    const k = this.index + 1;
    if (k >= n) return this.say('resultAt', { k, n, result: live });
    return this.say(k === 0 ? 'resultRest' : 'resultBusy', { k, n });
  }

  /** Advances playback; call once per frame before the scene is processed. */
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

  /**
   * Records again if the target moved since the last call (call once a frame): the solve on
   * show must be the solve to where the target is now.
   */
  watchTarget(): void {
    const t = this.ik.getNode(this.ik.targetPath);
    if (!(t instanceof Node2D)) return;
    const g = t.globalTransform;
    if (this.stepping && (g.tx !== this.targetX || g.ty !== this.targetY)) this.invalidate();
    this.targetX = g.tx;
    this.targetY = g.ty;
  }

  /** Presses the canvas button whose key this is (s, p, j, l); false for other keys. */
  pressKey(key: string): boolean {
    const b = this.canvasButtons.find((c) => c.key.toLowerCase() === key.toLowerCase());
    b?.onPress();
    return !!b;
  }

  /** Which canvas buttons show as on: Play while playing, Live while live. */
  get activeButtons(): readonly string[] {
    return this.stepping ? (this.playing ? PLAYING : NONE) : LIVE;
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
    this.liveButton.setDisabled(true);
    this.showStatus();
  }

  private begin(): void {
    this.stepping = true;
    this.ik.held = true;
    this.liveButton.setDisabled(false);
    this.record();
    this.show(-1);
  }

  private setPlaying(playing: boolean): void {
    this.playing = playing;
    this.clock = 0;
    this.playButton.setLabel(this.say(playing ? 'pause' : 'play'));
    this.playButton.setPressed(playing);
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

  private showStatus(): void {
    // At the last sub-step there is nothing more to step to (Play starts over, Live leaves).
    this.stepButton.setDisabled(this.stepping && this.index >= this.events.length - 1);
    const say = this.say;
    if (!this.stepping) {
      this.substep.set(say('live'));
      this.what.set(say('liveWhat'));
      return;
    }
    const total = this.events.length;
    if (total === 0) {
      this.substep.set(say('counter', { k: 0, n: 0 }));
      this.what.set(
        this.final && !this.final.ok
          ? say('nothingToSolve', { message: this.final.message })
          : say('alreadyThere'),
      );
      return;
    }
    this.substep.set(say('counter', { k: this.index + 1, n: total }));
    const e = this.current;
    this.what.set(e ? describeStep(e, this.names(), say) : say('restPose'));
  }

  private names(): string[] {
    return this.ik.getBones().map((b) => b.name);
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

/** One sentence for a sub-step, naming bones as the scene tree does, in the step bar's words. */
export function describeStep(e: TraceEvent, bones: readonly string[], say: Say): string {
  const n = bones.length;
  const joint = (i: number) =>
    i >= n ? say('tip') : say('jointOf', { bone: bones[i] ?? say('jointN', { i }) });
  const bone = (i: number) => bones[i] ?? say('boneN', { i });
  const words = {
    it: e.iteration > 0 ? say('iterationPrefix', { n: e.iteration }) : '',
    err: say('tipError', { error: num(e.error, 2) }),
    bone: bone(e.index),
    turn: deg(e.turn),
    wanted: deg(e.wanted),
  };
  const with_ = (key: StepString, more: Record<string, string> = {}) =>
    say(key, { ...words, ...more });
  switch (e.pass) {
    case 'stretch':
    case 'fold':
    case 'aim':
    case 'pole':
    case 'step':
    case 'nudge':
      return with_(e.pass, { joint: joint(e.index) });
    case 'bend':
      return e.index === 0
        ? with_('bendShoulder', { bone: bone(0) })
        : with_('bendElbow', { bone: bone(1), first: bone(0) });
    case 'turn': {
      // A limit cut the turn: say what the formula wanted and what the joint could do.
      const held = Math.abs(e.wanted - e.turn) > 1e-6;
      if (Math.abs(e.turn) < 1e-9) return with_(held ? 'turnHeld' : 'turnNone');
      return with_(held ? 'turnStopped' : 'turn');
    }
    case 'forward':
      return e.index === n
        ? with_('forwardTip')
        : with_('forward', { joint: joint(e.index), next: joint(e.index + 1) });
    case 'backward':
      return e.index === 0
        ? with_('backwardBase')
        : with_('backward', {
            joint: joint(e.index),
            previous: joint(e.index - 1),
            err: e.valid ? words.err : '',
          });
    case 'iteration':
      return with_('done');
  }
}
