import { describeFigure } from '../description.ts';
import { lookAtMeta } from './meta.ts';

/**
 * Lesson 2's LookAt2D as the student sees it: the head's local rotation drawn from the neck's
 * direction, the allowed arc when limited, and both angles read out.
 */
export const lookAtFigure = describeFigure({
  ...lookAtMeta,
  help: {
    targetX: 'The target’s x, in scene units (or drag the target; Shift snaps it to whole units).',
    targetY: 'The target’s y, in scene units (+y points down).',
    neck: 'Neck’s rotation relative to the Body: LookAt2D turns the head to make up for it.',
    flipRootX: 'Sets the Body’s scale.x to −1: the neck and head are mirrored left to right.',
    flipRootY: 'Sets the Body’s scale.y to −1: the neck and head are mirrored top to bottom.',
    flipNeckX: 'Sets the Neck’s scale.x to −1: the head’s parent space is mirrored.',
    flipNeckY: 'Sets the Neck’s scale.y to −1: the head’s parent space is mirrored.',
    constrained: 'Clamps the head’s local rotation between the minimum and the maximum.',
    min: 'The smallest local rotation the head may take, when limited.',
    max: 'The largest local rotation the head may take, when limited.',
    offset: 'A fixed angle added after aiming, for art not drawn along the bone’s x axis.',
  },
  readouts: {
    'global-angle': { label: 'Global angle to target, atan2', format: 'degrees', primary: true },
    'bone-angle': {
      label: 'Head local rotation (written by LookAt2D)',
      format: 'degrees',
      primary: true,
    },
    'aim-error': { label: 'Angle between head and target', format: 'degrees', primary: true },
    status: { label: 'Status', primary: true },
  },
  formulas: {
    local: { label: 'The head’s local angle, atan2 in the Neck’s space, and the global angle' },
  },
  // The Body at (−40, 90), the head's joint at (5, 12) and the target at (150, −60) at the
  // preset; the lesson has the target dragged all round the head (100 units from its joint
  // here) and the body flipped (the joint at (−85, 12)). 15 units round them. A neck turned or
  // flipped further out makes the view grow.
  bounds: { x: -110, y: -103, width: 275, height: 230 },
  strings: {
    limited: 'limited: the target is outside the allowed arc',
    facingMirrored: 'facing the target (parent space is mirrored)',
    facing: 'facing the target',
    inNeckSpace: "in Neck's space",
    allowed: 'allowed',
    localArc: 'local {angle}',
  },
});
