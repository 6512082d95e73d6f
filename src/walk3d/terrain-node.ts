import { Node } from '../scene/node';
import type { Heightfield } from './terrain3d';

/** A terrain in the scene panel: where its elevation function sits in the world. */
export class TerrainNode extends Node {
  override get typeName(): string {
    return 'Terrain3D';
  }

  constructor(
    name: string,
    readonly field: Heightfield,
  ) {
    super(name);
  }

  override inspect(): string[] {
    const f = this.field;
    const v = (a: readonly number[]) => `(${a.map((x) => Number(x.toFixed(2))).join(', ')})`;
    return [
      `domain x ${f.min[0]}…${f.max[0]}, y ${f.min[1]}…${f.max[1]}`,
      `translate ${v(f.translate)}`,
      `scale ${v(f.scale)}`,
      `mesh ${(f.inner ?? 100) + 2}² vertices`,
    ];
  }
}
