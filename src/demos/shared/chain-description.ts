import { HANDLE_MARGIN } from '../../render/handle-layer.ts';
import type { WorldRect } from '../../render/viewport.ts';
import type { PlotSpec } from '../description.ts';

/**
 * What the CCD and FABRIK figures (lessons 4 and 5) show alike, as description data: spread
 * into each figure's description. Each counts its iterations in its lesson's words: CCD in
 * sweeps, FABRIK in rounds.
 */
export interface IterationWords {
  /** Capitalised plural, for a label: "Sweeps". */
  Many: string;
  /** "sweep", "sweeps". */
  one: string;
  many: string;
}

/** Help for the settings every chain figure has. */
export const chainHelp = (w: IterationWords) =>
  ({
    tolerance: 'The solve stops once the tip is this close to the target.',
    iterations: `At most this many ${w.many} in one solve, whatever happens: what makes a solver safe to run every frame.`,
    limits: 'Keep every joint within ± the limit of its rest rotation.',
    limit: 'How far each joint may turn either way from its rest rotation.',
    flipRootX: 'Scale the skeleton by −1 on x.',
    flipRootY: 'Scale the skeleton by −1 on y.',
    flipMiddleX: 'Scale the middle bone alone by −1 on x.',
    flipMiddleY: 'Scale the middle bone alone by −1 on y.',
  }) as const;

/**
 * The readouts: the solve from the rest pose (what the lessons count, and what Step shows), and
 * this frame's solve, which starts from last frame's pose as a game's does.
 */
export const chainReadouts = (w: IterationWords) =>
  ({
    iterations: {
      label: `${w.Many} from rest`,
      help: `How many ${w.many} the solve from the rest pose to the target takes. While you step: the ${w.one} on show, of that solve’s total.`,
      primary: true,
    },
    warm: {
      label: `${w.Many} this frame`,
      help: `This frame’s solve starts from last frame’s pose, as in a game: none while the target stands still.`,
      format: 'integer',
    },
    error: { label: 'Tip to target', digits: 2, primary: true },
    status: { label: 'Result', primary: true },
  }) as const;

export const CHAIN_PLOTS = {
  spread: {
    label: 'How far each joint turned from its rest pose',
    xLabel: 'joint, from the root',
    yLabel: 'degrees',
    kind: 'bars',
    xStart: 1,
  },
} as const satisfies Record<string, PlotSpec>;

/** The status line and the overlay's words, with the figure's own name for an iteration. */
export const chainStrings = (w: IterationWords) =>
  ({
    countOne: `1 ${w.one}`,
    countMany: `{n} ${w.many}`,
    stepOf: '{k} of {n}',
    warmWhileStepping: 'none while stepping',
    warning: ' ({warning})',
    /** The count, said of a solve from rest (while stepping), not of a frame's warm solve. */
    inCount: ' in {count}',
    afterCount: ' after {count}',
    reached: 'reached{inCount}{warn}',
    straight: 'out of reach: the straight chain points at the target{warn}',
    heldStraight:
      'out of reach, and the joint limits keep the chain from straightening: the nearest pose {solver} found within them, {error} from the target{afterCount}{warn}',
    deadZone: 'inside the dead zone: folded as near as the chain gets{warn}',
    stalled: '{solver} stopped: no joint can turn any nearer (limits?){warn}',
    capped: 'stopped by the cap of {count}, not yet within tolerance{warn}',
    notReached: 'not reached{warn}',
    spreadSeries: '{solver}: turn from rest',
    reach: 'reach',
    deadZoneLabel: 'dead zone',
  }) as const;

/**
 * Where a chain figure draws: the circle its tip can reach around the base (a pose of the chain
 * lies inside it, and a target dragged past it is out of reach), with room above for its label,
 * cut to what the target's x and y settings can say: a handle may be dragged a little past the
 * bounds (HANDLE_MARGIN of them), and a share link must still accept where it ends.
 */
export function reachBounds(
  base: { x: number; y: number },
  lengths: readonly number[],
  target: { x: { min: number; max: number }; y: { min: number; max: number } },
): WorldRect {
  const r = lengths.reduce((sum, l) => sum + l, 0);
  const label = 24;
  const [x0, x1] = within(base.x - r, base.x + r, target.x);
  const [y0, y1] = within(base.y - r - label, base.y + r, target.y);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** [a, b] cut so that it, grown by HANDLE_MARGIN of its length each way, stays in the range. */
function within(a: number, b: number, range: { min: number; max: number }): [number, number] {
  // A span inside [lo, hi] never grows past the range when lo and hi are in by this much.
  const inset = ((range.max - range.min) * HANDLE_MARGIN) / (1 + 2 * HANDLE_MARGIN);
  return [Math.max(a, range.min + inset), Math.min(b, range.max - inset)];
}
