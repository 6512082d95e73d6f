import { Node } from '../scene/node.ts';
import { nodeType } from '../scene/node-description.ts';
import { defineNodeType } from '../scene/node-type.ts';
import { textProperty } from '../scene/property.ts';
import type { Heightfield } from './terrain3d.ts';

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
}

const v = (a: readonly number[]) => `(${a.map((x) => Number(x.toFixed(2))).join(', ')})`;
const line = (name: string, label: string, get: (f: Heightfield) => string) =>
  textProperty<TerrainNode>({ name, label, group: 'Terrain3D', get: (n) => get(n.field) });

/** What the scene panel shows of a terrain: read-only, from its elevation function. */
export const terrainNodeType = defineNodeType<TerrainNode>({
  name: 'Terrain3D',
  summary: 'A terrain from an elevation function (read-only here).',
  class: TerrainNode,
  base: nodeType,
  properties: [
    line('domain', 'Domain', (f) => `x ${f.min[0]}…${f.max[0]}, y ${f.min[1]}…${f.max[1]}`),
    line('translate', 'Translate', (f) => v(f.translate)),
    line('scale', 'Scale', (f) => v(f.scale)),
    line('mesh', 'Mesh', (f) => `${(f.inner ?? 100) + 2}² vertices`),
  ],
});
