import { RecentMedian } from '../../math/recent-median.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num } from '../shared/format.ts';
import type { spiderSwarmFigure } from './description.ts';
import type { SwarmScene } from './scene.ts';

type Ui = FigureUi<typeof spiderSwarmFigure>;

/**
 * What each frame costs, as the page measures it: the update (walk and IK) timed here, the
 * drawing as the page reports it, both as a share of a 60 Hz frame, and the frames the page
 * really shows each second. Medians of the last second of frames: one frame's figure jumps
 * with the garbage collector, and a running mean would carry the page's first, JIT-cold
 * frames for seconds.
 */
export class SwarmTimings {
  private readonly updates = new RecentMedian(60);
  /**
   * Time between frames, as the page shows them: the browser paints after the drawing is
   * timed, so only the frame rate tells what the whole frame cost.
   */
  private readonly gaps = new RecentMedian(60);
  private readonly draws = new RecentMedian(60);
  private lastFrame = NaN;
  private updateMs = 0;
  private drawMs = 0;
  private drawnYet = false;

  constructor(private readonly ui: Ui) {}

  /** A new crowd: the last one's timings no longer describe what is shown. */
  clear(): void {
    for (const m of [this.updates, this.gaps, this.draws]) m.clear();
  }

  /** Times one update of the scene and shows what it cost. */
  update(scene: SwarmScene, run: () => void): void {
    const { ui } = this;
    const start = performance.now();
    const gap = start - this.lastFrame;
    this.lastFrame = start;
    // A gap of over a second is a pause (scrolled away, a hidden tab), not a frame.
    if (gap > 0 && gap < 1000) ui.readout('fps').set(num(1000 / this.gaps.add(gap), 1));
    else ui.readout('fps').set(ui.say('waiting'));
    run();
    this.updateMs = this.updates.add(performance.now() - start);
    const { count, layout } = scene.settings;
    ui.readout('script-ms').set(
      ui.say('update', {
        ms: num(this.updateMs, 2),
        count,
        layout: ui.say(layout === 'arrays' ? 'arrays' : 'nodes'),
      }),
    );
    if (!this.drawnYet) ui.readout('draw-ms').set(ui.say('waiting'));
    this.showShare();
    const { steps, solves, unchanged } = scene.counts();
    ui.readout('skipped').set(ui.say('skipped', { unchanged, solves }));
    ui.readout('steps').set(String(steps));
  }

  /** The page says how long drawing the last frame took. */
  drawn(ms: number): void {
    this.drawnYet = true;
    this.drawMs = this.draws.add(ms);
    this.ui.readout('draw-ms').set(this.ui.say('ms', { ms: num(this.drawMs, 2) }));
    this.showShare();
  }

  private showShare(): void {
    const percent = num(((this.updateMs + this.drawMs) / (1000 / 60)) * 100, 1);
    this.ui.readout('frame-share').set(this.ui.say('share', { percent }));
  }
}
