import { defineFigure } from '../define-figure.ts';
import { processTree } from '../../scene/node.ts';
import { spiderSwarmFigure } from './description.ts';
import { SwarmScene } from './scene.ts';
import { SwarmTimings } from './timings.ts';

/**
 * Seed 002 §5.3 profiled 100 spiders at once. Here they are, up to 1 000, walking on their own
 * at their own speeds, kept either as node trees (each a full Spider2D with FABRIK2D legs) or as
 * flat arrays (one SpiderCrowd2D: the same walk and the same solves, straight from numbers). The
 * page measures the update (walk and IK) and the drawing separately, each as a share of a 60 Hz
 * frame, and counts the legs whose solve was skipped because nothing they read had changed.
 * Drawn as a crowd (SceneView.batch): one path per colour, not shapes per bone.
 */
export const spiderSwarmDemo = defineFigure(spiderSwarmFigure, (ui, params) => {
  const scene = new SwarmScene({
    count: Math.round(params.count),
    legs: params.legs,
    layout: params.layout,
    terrain: params.terrain,
  });
  const timings = new SwarmTimings(ui);
  const rebuild = () => {
    timings.clear();
    scene.build();
  };
  ui.on('count', (v) => ((scene.settings.count = v), rebuild()));
  ui.on('legs', (v) => ((scene.settings.legs = v), rebuild()));
  ui.on('layout', (v) => ((scene.settings.layout = v), rebuild()));
  for (const n of [100, 300, 1000] as const)
    ui.action(`crowd-${n}`, () => {
      scene.settings.count = n;
      ui.set('count', n);
      rebuild();
    });

  return {
    root: scene.world,
    world: scene.rect,
    view: () => scene.rect,
    batched: true,
    foldedInTree: (node) => node.name === 'Swarm' || node.name.endsWith('Feet'),
    update(dt) {
      timings.update(scene, () => processTree(scene.world, dt));
    },
    drawn: (ms) => timings.drawn(ms),
  };
});
