import type { ViewMark, Walk3DView } from '../../render/raster/walk3d-view.ts';

const SCREEN = { x: 0, y: 0, visible: false };

/**
 * Two labelled marks (the feet's) never have their labels overlap: the one higher in the
 * picture (as the last frame projected it) is labelled above its start, the other below.
 */
export function stackMarkLabels(view: Walk3DView): void {
  const labelled = view.marks.filter((m) => m.text);
  if (labelled.length !== 2) return;
  const [a, b] = labelled as [ViewMark, ViewMark];
  const r = view.renderer;
  r.project(a.from[0]!, a.from[1]!, a.from[2]!, SCREEN);
  const ya = SCREEN.y;
  r.project(b.from[0]!, b.from[1]!, b.from[2]!, SCREEN);
  a.row = ya <= SCREEN.y ? 0 : 1;
  b.row = 1 - a.row;
}
