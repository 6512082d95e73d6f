import { describeFigure } from '../description.ts';
import { spiderSwarmMeta } from './meta.ts';

/**
 * Lesson 8's crowd as the student sees it: how many spiders and how they are kept, and what
 * the update and the drawing cost each frame.
 */
export const spiderSwarmFigure = describeFigure({
  ...spiderSwarmMeta,
  help: {
    count: 'How many spiders walk at once, in lanes of at most 100.',
    legs: 'Four, six or eight legs each.',
    layout:
      'Node trees (a Spider2D with FABRIK2D legs each) or flat arrays (one crowd node: the same walk and the same solves).',
  },
  actions: {
    'crowd-100': { label: '100', help: '100 spiders', primary: true },
    'crowd-300': { label: '300', help: '300 spiders', primary: true },
    'crowd-1000': { label: '1,000', help: '1,000 spiders', primary: true },
  },
  readouts: {
    'script-ms': { label: 'Update per frame (walk + IK)', primary: true },
    'draw-ms': { label: 'Drawing per frame', primary: true },
    'frame-share': {
      label: 'Update + drawing, share of a 60 Hz frame (16.7 ms)',
      primary: true,
    },
    skipped: { label: 'Leg solves skipped (nothing they read changed)', primary: true },
    steps: { label: 'Steps taken' },
    fps: { label: 'Frames shown per second', primary: true },
  },
  // One lane of 100 spiders on the hills: the ground's width, the spiders' height over it.
  bounds: { x: -1000, y: 53, width: 2000, height: 226 },
  strings: {
    update: '{ms} ms for {count} spiders as {layout}',
    nodes: 'node trees',
    arrays: 'flat arrays',
    ms: '{ms} ms',
    share: '{percent}%',
    skipped: '{unchanged} of {solves}',
    waiting: 'measuring…',
  },
});
