import type { ButtonControl } from '../contract.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { ClipPlayer } from './clip-player.ts';
import type { walkAnalysisFigure } from './description.ts';
import type { WalkReading } from './reading.ts';

/**
 * Lesson 13's clock: Play/Pause, the time slider (it scrubs the clip, and follows it as it plays),
 * and a frame back or forward round the cycle. `show` repaints the panel; `changed` marks a
 * paused panel out of date.
 */
export class AnalysisClock {
  private readonly button: ButtonControl;

  constructor(
    private readonly ui: FigureUi<typeof walkAnalysisFigure>,
    private readonly stage: Walk3DStage<ClipPlayer>,
    private readonly reading: WalkReading,
    private readonly show: () => void,
    private readonly changed: () => void,
  ) {
    this.button = ui.action('play', () => this.setPlaying(!this.playing));
    this.button.setPressed(true);
    ui.on('time', (t) => this.scrub(t));
  }

  /** A preset time: paused there (0: playing from the start). */
  startAt(t: number): void {
    if (t > 0) this.scrub(Math.min(t, this.reading.analysis.duration));
  }

  get playing(): boolean {
    return this.stage.walker.playing;
  }

  setPlaying(on: boolean): void {
    this.stage.walker.playing = on;
    this.button.setLabel(this.ui.say(on ? 'pause' : 'play'));
    this.button.setPressed(on);
    this.show();
  }

  /** Paused at time t of the clip. */
  private scrub(t: number): void {
    this.setPlaying(false);
    const p = this.stage.walker;
    p.time = t;
    p.update(0);
    this.changed();
  }

  /** One frame forward or back, paused (← →), round the cycle. */
  stepFrame(by: number): void {
    this.setPlaying(false);
    const p = this.stage.walker;
    const ft = this.reading.analysis.frameTime;
    p.time = this.stage.rig.walkWithTravel.wrap((Math.floor(p.time / ft + 1e-9) + by) * ft);
    p.update(0);
    this.show();
  }

  /** The slider follows the clip while it plays. */
  follow(): void {
    if (this.playing) this.ui.set('time', Number(this.stage.walker.time.toFixed(3)));
  }

  /** The time a share link keeps: where the paused clip stands, 0 while it plays. */
  get linkTime(): number {
    return this.playing ? 0 : Math.min(this.stage.walker.time, 10);
  }
}
