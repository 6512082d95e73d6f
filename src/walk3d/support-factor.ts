/**
 * supportFrameDistanceFactor, seed 000's default (§6.3): how much a foot may move in a frame and
 * still count as planted, times h/120. Apart from the analysis so menus can read it.
 */
export const SUPPORT_FACTOR = 1;
