import { DEMOS, demoIds, findDemo } from '../demos/registry.ts';
import { defineIkDemo } from './ik-demo-element.ts';

/**
 * ik-demo.js: the one script an instructor adds to a page, on any origin, to use
 * <ik-demo demo="…"> elements. Each demo's code loads when its element needs it.
 */
defineIkDemo({
  find: findDemo,
  ids: () => demoIds(),
  paramNames: () => [...new Set(DEMOS.flatMap((d) => Object.keys(d.params)))],
});
