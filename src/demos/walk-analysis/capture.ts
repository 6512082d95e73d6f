import type { TextControl } from '../contract.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { BvhControls } from '../shared/bvh-controls.ts';
import { shippedRig, type Walk3DStage } from '../shared/walk3d-stage.ts';
import type { ClipPlayer } from './clip-player.ts';
import type { walkAnalysisFigure } from './description.ts';

type Ui = FigureUi<typeof walkAnalysisFigure>;

/**
 * A capture (a student's file, or the course's 120 fps one): the strips of its whole clip (the
 * steady walk, the cycle used, the standing), which frames are the cycle and why, and the
 * student's own frames typed into "Walk cycle". `useRig` reads the walk again after a new rig.
 */
export class CaptureView {
  private readonly range: TextControl;

  constructor(
    private readonly ui: Ui,
    private readonly stage: Walk3DStage<ClipPlayer>,
    bvh: BvhControls,
    useRig: () => void,
  ) {
    ui.action('capture', () => {
      void import('../../walk3d/authoring/capture-text.ts').then(({ captureBvh }) =>
        bvh.drop('capture-120fps.bvh', captureBvh()),
      );
    });
    this.range = ui.text('range', (text) => {
      if (!this.loaded()) return ui.say('loadFirst');
      const m = /^\s*(\d+)\s*[–-]\s*(\d+)\s*$/.exec(text);
      if (!m) return ui.say('notRange', { text });
      const r = stage.recut([Number(m[1]), Number(m[2])]);
      if (!r.ok) return r.message;
      useRig();
      return '';
    });
  }

  /** A student's clip (or the capture) is loaded: only then can its frames be picked. */
  loaded(): boolean {
    return this.stage.rig !== shippedRig();
  }

  /** The strips of the whole clip: steady walk, the cycle in use, the standing (idle). */
  show(): void {
    const { ui } = this;
    const src = this.stage.rig.source;
    const n = src.clip.frameCount;
    const choice = src.choice;
    const row = (test: (f: number) => boolean) =>
      Uint8Array.from({ length: n }, (_, f) => (test(f) ? 1 : 0));
    const inside = (r: [number, number] | null, f: number) => !!r && f >= r[0] && f < r[1];
    ui.plot('cycle').set([
      {
        label: ui.say('steady'),
        color: 'var(--plot-5)',
        values: row((f) => inside(choice?.steady ?? null, f)),
      },
      {
        label: ui.say('cycleUsed'),
        color: 'var(--plot-1)',
        values: row((f) => inside(src.range, f)),
      },
      {
        label: ui.say('standing'),
        color: 'var(--plot-4)',
        values: row((f) => inside(src.idleRange, f)),
      },
    ]);
    const [a, b] = src.range;
    const rate =
      Math.round(src.fps) === Math.round(1 / src.clip.frameTime)
        ? ''
        : ui.say('fileRate', { frames: src.frames, fps: Math.round(src.fps) });
    ui.readout('cycle').set(
      !choice || choice.whole || choice.failed
        ? ui.say('wholeClip', { n, rate, why: choice?.why ?? ui.say('hipsStill') })
        : a === choice.from && b === choice.to
          ? ui.say('cycleFound', { a, b, n, rate, why: choice.why })
          : ui.say('cycleTyped', { a, b, n, rate, from: choice.from, to: choice.to }),
    );
    this.range.set(this.loaded() ? `${a}–${b}` : '');
  }
}
