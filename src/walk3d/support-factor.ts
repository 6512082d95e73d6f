/**
 * supportFrameDistanceFactor, seed 000's default (§6.3): how much a foot may move in a frame and
 * still count as planted, times h/120. Apart from the analysis so menus can read it.
 */
export const SUPPORT_FACTOR = 1;

/**
 * The frame time seed 000's d_min is a per-frame distance for (its clips, and ours, are 30 fps).
 * A clip at another rate compares each frame's step with d_min scaled to its own frame time, so
 * a foot is planted below one speed whatever the rate (issue 19: at 120 fps, a per-frame d_min
 * counted a walking foot as planted in 874 of 994 frames).
 */
export const SUPPORT_FRAME_TIME = 1 / 30;

/**
 * How the feet's support frames are chosen. `each`: each foot's own test (its ankle or toes still
 * and near their lowest), so both may be down (double support, standing); a gap where neither
 * passes goes to the foot down before it, then to the one down after it, since a walk always
 * stands on a foot. `opposite`: seed 000's rule, the left foot's ankle test with the right foot
 * its opposite, so exactly one foot is ever down. (Here so menus can list them.)
 */
export const SUPPORT_RULES = ['opposite', 'each'] as const;
export type SupportRule = (typeof SUPPORT_RULES)[number];
