import type { ButtonControl } from '../contract.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { LegPoser } from '../shared/leg-poser.ts';
import type { legDescentFigure } from './description.ts';

/** Iterates shown per second while playing. */
const PLAY_RATE = 12;

/**
 * Lesson 14's step bar: Play (12 iterates a second, stopping at the last), Step, Step back,
 * Jump to the end, and back to θ = γ. `show` puts the iterate on show into the panel.
 */
export class DescentPlayer {
  playing = false;
  private clock = 0;
  private readonly button: ButtonControl;

  constructor(
    private readonly ui: FigureUi<typeof legDescentFigure>,
    private readonly leg: () => LegPoser,
    private readonly show: () => void,
  ) {
    this.button = ui.action('play', () => this.setPlaying(!this.playing));
    ui.action('step', () => this.step(1));
    ui.action('back', () => this.step(-1));
    ui.action('solve', () => this.showIterate(this.leg().run.length - 1));
    ui.action('reset', () => this.showIterate(0));
  }

  setPlaying(on: boolean): void {
    this.playing = on;
    this.button.setLabel(this.ui.say(on ? 'pause' : 'play'));
    this.button.setPressed(on);
    const l = this.leg();
    // From the end, playing starts again from θ = γ.
    if (on && l.shown >= l.run.length - 1) l.showIterate(0);
  }

  step(by: number): void {
    this.showIterate(this.leg().shown + by);
  }

  /** Paused, at iterate k (kept between the first and the last). */
  showIterate(k: number): void {
    this.setPlaying(false);
    this.leg().showIterate(k);
    this.show();
  }

  /** Playing: the next iterates, as many as the time since the last frame holds. */
  update(dt: number): void {
    if (!this.playing) return;
    this.clock += dt;
    const before = this.leg().shown;
    while (this.clock >= 1 / PLAY_RATE) {
      this.clock -= 1 / PLAY_RATE;
      const l = this.leg();
      if (l.shown >= l.run.length - 1) {
        this.setPlaying(false);
        break;
      }
      l.showIterate(l.shown + 1);
    }
    // The panel changes only when the iterate on show does (12 a second, not every frame).
    if (this.leg().shown !== before) this.show();
  }
}
