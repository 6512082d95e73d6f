import { IKWalker } from '../../walk3d/ik-walker.ts';
import type { SupportRule } from '../../walk3d/support-factor.ts';
import { findLegs } from '../../walk3d/walk-analysis.ts';
import type { CharacterKind } from './walk3d-stage.ts';

/**
 * The walking IK system's character for the 3D stage (lesson 15), reading its walk's support
 * frames by the rule `support()` gives when it is made. `needsLegs` says why a rig without two
 * legs it can name is refused.
 */
export function ikWalkerKind(
  support: () => SupportRule,
  needsLegs: (why: string) => string,
): CharacterKind<IKWalker> {
  return {
    make(rig, terrain) {
      const def = findLegs(rig.skeleton, rig.scale);
      if (typeof def === 'string') throw new Error(needsLegs(def));
      return new IKWalker(def, rig.walkWithTravel, rig.idle, terrain, undefined, support());
    },
    carry(old, w) {
      Object.assign(w.options, old.options);
      w.walking = old.walking;
      w.weight = old.weight;
      w.playRate = old.playRate;
      w.turnSpeed = old.turnSpeed;
      w.placeAt(old.position[0]!, old.position[1]!, old.facing);
    },
    settle: (w) => w.placeAt(w.position[0]!, w.position[1]!, w.facing),
    warnings: (w) => w.walk.analysis.warnings,
  };
}
