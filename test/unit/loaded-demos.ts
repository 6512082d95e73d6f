import type { DemoDefinition } from '../../src/demos/contract';
import { DEMOS } from '../../src/demos/registry';

// A page loads each demo's code when it shows it; the tests load every demo once, up front.
const loaded = new Map<string, DemoDefinition>(
  await Promise.all(DEMOS.map(async (d) => [d.id, await d.load()] as const)),
);

/** A demo's full definition (metadata and create), by id. */
export const loadedDemo = (id: string): DemoDefinition | undefined => loaded.get(id);

/** Every demo's definition, in course order. */
export const LOADED_DEMOS: readonly DemoDefinition[] = DEMOS.map((d) => loaded.get(d.id)!);
