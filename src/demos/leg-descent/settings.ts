import type { FigureUi } from '../figure-ui.ts';
import type { LegPoser, Solver } from '../shared/leg-poser.ts';
import type { legDescentFigure } from './description.ts';

/** The target starts on a rise: 12 cm up and 8 cm ahead of where the clip puts the foot. */
export const RISE: [number, number] = [8, 12];

/**
 * Lesson 14's settings and the buttons that move the frame or the target. A change of weight,
 * rate, cap or frame solves again (`resolve`); a change of solver shows its run from θ = γ.
 */
export function bindSettings(
  ui: FigureUi<typeof legDescentFigure>,
  leg: () => LegPoser,
  resolve: () => void,
  show: () => void,
): void {
  ui.on('solver', (v) => {
    leg().solver = v as Solver;
    leg().showIterate(0);
    show();
  });
  ui.on('aScale', (v) => ((leg().aScale = v), resolve()));
  ui.on('b', (v) => ((leg().ik.b = v), resolve()));
  ui.on('c', (v) => ((leg().ik.c = v), resolve()));
  ui.on('learningRate', (v) => ((leg().learningRate = v), resolve()));
  ui.on('maxIterations', (v) => ((leg().maxIterations = v), resolve()));
  ui.on('frame', (v) => (leg().setFrame(v), resolve()));
  ui.on('gammaFromLast', (v) => ((leg().gammaFromLast = v), resolve()));
  ui.action('nextFrame', () => {
    leg().nextFrame();
    ui.set('frame', leg().frame);
    show();
  });
  ui.action('resetTarget', () => (leg().setFrame(leg().frame), show()));
  ui.action('riseTarget', () => (leg().setFrame(leg().frame, RISE), show()));
}
