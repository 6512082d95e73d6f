import type { ChainIK2D, ChainIKStatus } from '../../ik/chain-ik-2d.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';
import type { TraceEvent } from '../../ik/solve-result.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { ControlPanel, ToolbarButton } from '../contract.ts';
import type { FigureDescription } from '../description.ts';
import { buildFigureUi, type FigureUi } from '../figure-ui.ts';
import { STEP_TRACE } from '../step-trace.ts';
import type { StepBar, StepEngine } from './step-engine.ts';

/** The stepping engine's module, once loaded (it loads when a first figure runs a frame). */
let engines: typeof import('./step-engine.ts') | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the stepping (the engine and its sentences, once for the page); `then` runs when it is
 * there. A page loads it after its first figure runs: it is not needed to see or drag a
 * figure, only once a student presses Step.
 */
export function loadStepEngine(then: () => void = () => {}): Promise<void> {
  loading ??= import('./step-engine.ts').then((m) => void (engines = m));
  return loading.then(then);
}

/** The part of a figure's kit the stepper uses: the step bar's buttons, readouts and words. */
export type StepBarUi = Pick<
  FigureUi<FigureDescription & { stepTrace: true }>,
  'action' | 'readout' | 'say'
>;
type StepString = keyof typeof STEP_TRACE.strings;

/** The step bar alone on a panel, for pages that watch a solver outside a figure (playground). */
export const stepBarUi = (panel: ControlPanel): StepBarUi =>
  buildFigureUi(
    { id: 'step-bar', title: '', summary: '', params: {}, stepTrace: true as const },
    panel,
    {},
  );

const PLAYING = ['play'] as const;
const LIVE = ['live'] as const;
const NONE = [] as const;

/**
 * Lets a student watch a solver think. In live mode the IK node solves every frame; Step, Play
 * or Jump hand over to the stepping engine (step-engine.ts), which records the solve from the
 * rest pose and shows it one sub-step at a time. This shell is what a figure holds from the
 * start: the step bar's buttons, its live readouts and its keys. A press that comes before the
 * engine has loaded is done when it has. Moving the target while stepping records the solve
 * again and starts over.
 */
export class SolverStepper {
  private engine: StepEngine | null = null;
  private readonly bar: StepBar;
  /** Presses made before the engine loaded, done when it has. */
  private waiting: ((e: StepEngine) => void)[] = [];
  /** Where the target was at the last watchTarget. */
  private targetX = NaN;
  private targetY = NaN;
  /** The four buttons again, for a bar drawn on the canvas, each with its key. */
  readonly canvasButtons: readonly ToolbarButton[];

  constructor(
    ui: StepBarUi,
    private readonly ik: ChainIK2D,
    private readonly onRecorded: () => void = () => {},
  ) {
    const with_ = (fn: (e: StepEngine) => void) => () => this.withEngine(fn);
    this.bar = {
      stepButton: ui.action(
        'step',
        with_((e) => e.step()),
      ),
      playButton: ui.action(
        'play',
        with_((e) => e.togglePlay()),
      ),
      liveButton: ui.action('live', () => this.goLive()),
      substep: ui.readout('substep'),
      what: ui.readout('step-what'),
      say: ui.say,
    };
    ui.action(
      'solve',
      with_((e) => e.jumpToEnd()),
    );
    this.bar.liveButton.setDisabled(true);
    const a = STEP_TRACE.actions;
    const button = (id: string, glyph: StepString, spec: typeof a.step, press: () => void) =>
      ({
        id,
        glyph: ui.say(glyph),
        key: spec.key,
        tip: spec.help,
        onPress: press,
      }) satisfies ToolbarButton;
    this.canvasButtons = [
      button(
        'step',
        'canvasStep',
        a.step,
        with_((e) => e.step()),
      ),
      button(
        'play',
        'canvasPlay',
        a.play,
        with_((e) => e.togglePlay()),
      ),
      button(
        'jump',
        'canvasEnd',
        a.solve,
        with_((e) => e.jumpToEnd()),
      ),
      button('live', 'canvasLive', a.live, () => this.goLive()),
    ];
    this.bar.substep.set(ui.say('live'));
    this.bar.what.set(ui.say('liveWhat'));
  }

  get isStepping(): boolean {
    return this.engine?.stepping ?? false;
  }

  get isPlaying(): boolean {
    return !!this.engine?.stepping && this.engine.playing;
  }

  /** The sub-step on show (null at the start pose or in live mode). */
  get current(): TraceEvent | null {
    return this.engine?.current ?? null;
  }

  /** Joint positions just before the sub-step on show (the start pose for the first). */
  get previousPositions(): Float64Array | null {
    const e = this.engine;
    if (!e?.stepping || e.index < 0) return null;
    return e.index === 0 ? e.startPose : e.events[e.index - 1]!.positions;
  }

  /** Every recorded sub-step (for plots), in order. */
  get recorded(): readonly TraceEvent[] {
    return this.engine?.events ?? [];
  }

  get position(): number {
    return this.engine?.index ?? -1;
  }

  /**
   * What the readouts show while stepping, for the sub-step on show (null in live mode): the
   * tip-to-target error after it (the start pose's own error before the first), the iteration it
   * belongs to, and the recorded solve's outcome (its iteration count, error, reached…).
   */
  get shown(): { error: number; iteration: number; final: ChainIKStatus } | null {
    const e = this.engine;
    if (!e?.stepping || !e.final) return null;
    const c = e.current;
    return { error: c ? c.error : e.startError, iteration: c ? c.iteration : 0, final: e.final };
  }

  /**
   * The result line: in live mode `live` as is; while stepping, which sub-step is on show, and
   * `live` (the outcome) only at the last one.
   */
  resultLine(live: string): string {
    const e = this.engine;
    if (!e?.stepping) return live;
    const n = e.events.length;
    const k = e.index + 1;
    if (k >= n) return this.bar.say('resultAt', { k, n, result: live });
    return this.bar.say(k === 0 ? 'resultRest' : 'resultBusy', { k, n });
  }

  /** Advances playback; call once per frame before the scene is processed. */
  update(dt: number): void {
    // A frame that moves time is one the page shows: the stepping may load now.
    if (dt > 0 && !engines) void loadStepEngine();
    this.engine?.update(dt);
  }

  /**
   * Records again if the target moved since the last call (call once a frame): the solve on
   * show must be the solve to where the target is now.
   */
  watchTarget(): void {
    const t = this.ik.getNode(this.ik.targetPath);
    if (!(t instanceof Node2D)) return;
    const g = t.globalTransform;
    if (this.isStepping && (g.tx !== this.targetX || g.ty !== this.targetY)) this.invalidate();
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
    return this.isStepping ? (this.isPlaying ? PLAYING : NONE) : LIVE;
  }

  /** Draws the sub-step on show over a chain of `count` bones (FABRIK's ghost, CCD's turn). */
  drawSubStep(p: OverlayPainter, count: number, target: Vec2): void {
    const e = this.current;
    if (e && engines) engines.drawSubStep(p, e, count, target, this.previousPositions);
  }

  /** The target or the skeleton changed: record again (if stepping). */
  invalidate(): void {
    this.engine?.invalidate();
  }

  step(): void {
    this.withEngine((e) => e.step());
  }

  togglePlay(): void {
    this.withEngine((e) => e.togglePlay());
  }

  jumpToEnd(): void {
    this.withEngine((e) => e.jumpToEnd());
  }

  goLive(): void {
    this.waiting = [];
    this.engine?.goLive();
  }

  /** Runs `fn` on the engine: at once if it has loaded, else once it has. */
  private withEngine(fn: (e: StepEngine) => void): void {
    if (this.engine) return fn(this.engine);
    if (engines) {
      this.engine = new engines.StepEngine(this.ik, this.bar, this.onRecorded);
      return fn(this.engine);
    }
    this.waiting.push(fn);
    void loadStepEngine(() => {
      const queued = this.waiting.splice(0);
      if (queued.length) this.withEngine((e) => queued.forEach((q) => q(e)));
    });
  }
}
