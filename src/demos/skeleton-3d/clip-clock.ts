import type { ButtonControl } from '../contract.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { Walker } from '../../walk3d/walker.ts';
import type { skeleton3dFigure } from './description.ts';

/**
 * Lesson 11's clock: Play/Pause, the time slider that scrubs the walk clip (and follows it as
 * it plays), and stepping one key back or forward. A preset time opens the figure paused there.
 */
export class ClipClock {
  playing = true;
  private readonly button: ButtonControl;

  constructor(
    private readonly ui: FigureUi<typeof skeleton3dFigure>,
    private readonly walker: Walker,
  ) {
    const clip = walker.walk.clip;
    ui.setMax('time', Number(clip.duration.toFixed(3)));
    this.button = ui.action('play', () => this.setPlaying(!this.playing));
    this.button.setPressed(true);
    ui.on('time', (t) => this.scrub(t));
    if (ui.values.time > 0) this.scrub(ui.values.time);
  }

  setPlaying(on: boolean): void {
    const { walker, button, ui } = this;
    this.playing = on;
    button.setLabel(ui.say(on ? 'pause' : 'play'));
    button.setPressed(on);
    walker.scrub = on ? null : walker.walk.clip.wrap(walker.walkTime);
  }

  /** Paused at time t of the walk clip. */
  private scrub(t: number): void {
    this.setPlaying(false);
    this.walker.scrub = this.walker.walk.clip.wrap(t);
    this.walker.settle();
  }

  /** One frame forward or back, paused (← →). */
  stepFrame(by: number): void {
    const w = this.walker;
    const clip = w.walk.clip;
    // From the scrub time when paused: two presses before a frame runs make two steps.
    const { frame } = clip.frameAt((w.scrub ?? w.walkTime) + 1e-9);
    this.setPlaying(false);
    w.scrub = clip.wrap((frame + by) * clip.frameTime);
    w.settle();
  }

  /** The slider follows the clip while it plays. */
  update(): void {
    if (this.playing)
      this.ui.set('time', Number(this.walker.walk.clip.wrap(this.walker.walkTime).toFixed(3)));
  }

  /** The time a share link keeps: where the paused clip stands, 0 while it plays. */
  get linkTime(): number {
    return this.playing ? 0 : (this.walker.scrub ?? 0);
  }
}
