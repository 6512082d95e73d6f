import { RecentMedian } from '../../math/recent-median.ts';
import { norm } from '../../math/vec2.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import { newClosest, type TerrainPath } from '../terrain/terrain-path.ts';

/** Seconds over which the live averages forget: the figures describe the last few steps. */
const WINDOW = 2;
/** Frames of sliding kept for the live median (2 s at 60 fps; fewer seconds at higher rates). */
const RECENT = 120;

/**
 * Measures how well planted feet touch the ground, the two failures seed 002 §5.2 only
 * describes: feet that float or sink (the gap between a planted foot and the ground) and feet
 * that slide (how fast a planted foot moves). Live figures describe the last ~2 s (the gap an
 * average, the sliding a median); totals cover the whole run (for tests).
 */
export class FootContactMeter {
  /** Mean |gap| of planted feet, recent (scene units). */
  gap = 0;
  /**
   * Typical speed of planted feet lately (scene units per second): the median of the frames'
   * mean speeds over the last RECENT frames. A median, because a start or a stop shuffles the
   * feet for a few frames, and an average would carry that burst for seconds after the feet
   * have stopped moving.
   */
  slide = 0;
  private readonly recent = new RecentMedian(RECENT);
  /** Whole run: the largest |gap| of a planted foot, and the means. */
  maxGap = 0;
  totalGap = 0;
  totalSlide = 0;
  samples = 0;
  slideSamples = 0;
  private readonly lastX: Float64Array;
  private readonly lastY: Float64Array;
  private readonly wasPlanted: Uint8Array;
  private readonly closest = newClosest();

  constructor(feet: number) {
    this.lastX = new Float64Array(feet);
    this.lastY = new Float64Array(feet);
    this.wasPlanted = new Uint8Array(feet);
  }

  /** One frame: each foot's tip position and whether it counts as planted. */
  measure(
    ground: TerrainPath,
    dt: number,
    tipX: ArrayLike<number>,
    tipY: ArrayLike<number>,
    planted: ArrayLike<boolean>,
  ): void {
    let gapSum = 0;
    let gapN = 0;
    let slideSum = 0;
    let slideN = 0;
    for (let i = 0; i < this.lastX.length; i++) {
      const x = tipX[i]!;
      const y = tipY[i]!;
      if (planted[i]) {
        const g = Math.abs(ground.closest(x, y, this.closest).signedDistance);
        gapSum += g;
        gapN++;
        this.maxGap = Math.max(this.maxGap, g);
        if (this.wasPlanted[i] && dt > 0) {
          slideSum += norm(x - this.lastX[i]!, y - this.lastY[i]!) / dt;
          slideN++;
        }
      }
      this.lastX[i] = x;
      this.lastY[i] = y;
      this.wasPlanted[i] = planted[i] ? 1 : 0;
    }
    const k = dt > 0 ? 1 - Math.exp(-dt / WINDOW) : 0;
    if (gapN) {
      const mean = gapSum / gapN;
      this.gap += (mean - this.gap) * (this.samples === 0 ? 1 : k);
      this.totalGap += mean;
      this.samples++;
    }
    if (slideN) {
      const mean = slideSum / slideN;
      this.slide = this.recent.add(mean);
      this.totalSlide += mean;
      this.slideSamples++;
    }
  }

  /**
   * The feet were put somewhere else at once (a baked body turned round by mirroring itself):
   * the next frame's move is a jump, not a slide, so no foot counts as planted since last frame.
   */
  replant(): void {
    this.wasPlanted.fill(0);
  }

  get meanGap(): number {
    return this.samples ? this.totalGap / this.samples : 0;
  }
  get meanSlide(): number {
    return this.slideSamples ? this.totalSlide / this.slideSamples : 0;
  }
}

/** Writes the tip of each leg (femur → tibia → tarsus) into xs, ys. No allocation. */
export function legTips(femurs: readonly Bone2D[], xs: Float64Array, ys: Float64Array): void {
  for (let i = 0; i < femurs.length; i++) {
    let bone = femurs[i]!;
    while (bone.children.length && bone.children[0] instanceof Bone2D)
      bone = bone.children[0] as Bone2D;
    const g = bone.globalTransform;
    xs[i] = g.a * bone.length + g.tx;
    ys[i] = g.b * bone.length + g.ty;
  }
}
