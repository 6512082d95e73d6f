import type { DemoDefinition } from '../demos/contract.ts';
import { findDemo } from '../demos/registry.ts';

/** A lesson's scene the playground can start from, loaded only when asked for. */
export interface Preset {
  id: string;
  title: string;
  lesson: number;
  load(): Promise<DemoDefinition>;
}

const preset = (lesson: number, id: string): Preset => {
  const source = findDemo(id);
  if (!source) throw new Error(`The playground's presets name a demo that does not exist: ${id}`);
  return { id, title: source.title, lesson, load: source.load };
};

/**
 * Every 2D lesson's scenes, in course order, from the demo registry (each demo's code loads
 * only when its preset is picked). The 100-spider swarm is left out: as a scene file it is 100
 * frozen spiders.
 */
export const PRESETS: readonly Preset[] = [
  preset(1, 'forward-kinematics'),
  preset(1, 'negative-scale'),
  preset(2, 'atan2-quadrants'),
  preset(2, 'look-at'),
  preset(3, 'two-bone-ik'),
  preset(4, 'ccd'),
  preset(5, 'fabrik'),
  preset(6, 'solver-race'),
  preset(7, 'spider-legs'),
  preset(8, 'creature-follow'),
  preset(9, 'reach-sequence'),
];
