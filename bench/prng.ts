// The generator lives in src/math, so a page (the spider swarm) scatters things the same way.
export { mulberry32 } from '../src/math/random';
