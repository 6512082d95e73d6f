import type { Vec2 } from '../../math/vec2.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import { Polygon2D } from '../../scene/polygon2d.ts';

/** Panels of buttons on a wall, seen from behind the character (seed 002 Fig. 5.7 has four). */
export { PANEL_LAYOUTS, type PanelLayout } from './panel-layouts.ts';
import type { PanelLayout } from './panel-layouts.ts';

/** Button centres in the panel's space, numbered from 1 (a keypad reads 1 2 3 along its top). */
export function buttonPositions(layout: PanelLayout): { positions: Vec2[]; size: number } {
  const grid = (cols: number, rows: number, gap: number) =>
    Array.from({ length: cols * rows }, (_, i) => ({
      x: ((i % cols) - (cols - 1) / 2) * gap,
      y: (Math.floor(i / cols) - (rows - 1) / 2) * gap,
    }));
  switch (layout) {
    case 'four':
      return { positions: grid(2, 2, 60), size: 36 };
    case 'keypad':
      return { positions: grid(3, 3, 44), size: 30 };
    case 'row':
      return { positions: grid(4, 1, 50), size: 32 };
  }
}

/**
 * The panel in the node tree: a backing plate, one Polygon2D per button ("Button1", …), and under
 * each an "Aim" marker, the point the hand goes to (seed 002 gives every button an empty child
 * for this). The panel can be moved as a whole: the aims move with it.
 */
export class ButtonPanel2D extends Node2D {
  override get typeName(): string {
    return 'ButtonPanel2D';
  }

  readonly buttons: Polygon2D[] = [];
  readonly aims: Marker2D[] = [];
  /** How close the hand must come to a button's aim to press it (scene units). */
  readonly tolerance: number;

  constructor(
    name: string,
    readonly layout: PanelLayout,
  ) {
    super(name);
    const { positions, size } = buttonPositions(layout);
    const half = size / 2;
    this.tolerance = size * 0.3;
    const xs = positions.map((p) => p.x);
    const ys = positions.map((p) => p.y);
    const pad = size;
    const plate = this.addChild(
      new Polygon2D(
        'Plate',
        rect(
          Math.min(...xs) - pad,
          Math.min(...ys) - pad,
          Math.max(...xs) + pad,
          Math.max(...ys) + pad,
        ),
        'ground',
      ),
    );
    plate.outline = 'groundEdge';
    positions.forEach((p, i) => {
      const b = this.addChild(
        new Polygon2D(`Button${i + 1}`, rect(-half, -half, half, half), 'bone'),
      );
      b.outline = 'boneOutline';
      b.position = p;
      const aim = b.addChild(new Marker2D('Aim', 'marker', false));
      aim.gizmoExtents = 0;
      this.buttons.push(b);
      this.aims.push(aim);
    });
  }

  /** Button `n` (from 1)'s aim point in global space, or null for no such button. */
  aimOf(n: number): Vec2 | null {
    const aim = this.aims[n - 1];
    return aim ? aim.globalPosition : null;
  }
}

const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
