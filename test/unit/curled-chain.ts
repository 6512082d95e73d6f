import { createChain, forwardKinematics, type Chain } from '../../src/ik/chain';

/**
 * A chain of unit bones along x, each turned 0.05 rad from the last, optionally limited to
 * ±limit: the worst-case chains of solver-corners' section 4 and bench/worst-case.
 */
export function curledChain(bones: number, limit: number | null): Chain {
  const c = createChain(bones);
  for (let i = 0; i < bones; i++) {
    c.lengths[i] = 1;
    c.angles[i] = i === 0 ? 0 : 0.05;
    if (limit !== null) {
      c.limited[i] = 1;
      c.limitMin[i] = -limit;
      c.limitMax[i] = limit;
    }
  }
  forwardKinematics(c);
  return c;
}
