/**
 * Sagittal joint angles over one gait cycle, in degrees, shaped after the normal walking curves
 * of the biomechanics literature (Winter, "Biomechanics and Motor Control of Human Movement":
 * hip, knee and ankle flexion over a stride). The cycle starts at heel strike (φ = 0) of the
 * leg; toe-off is at about φ = 0.6. Smooth periodic bumps stand in for measured data: close
 * enough to read as a walk, simple enough to see in one screen.
 */

/** A periodic bump centred on c (cycle units), width w: 1 at c, falling off like a Gaussian. */
function bump(phase: number, c: number, w: number): number {
  let d = phase - c;
  d -= Math.round(d); // the shortest way round the cycle
  return Math.exp(-(d * d) / (2 * w * w));
}

/**
 * Hip flexion of the thigh from vertical: about 22° forward at heel strike, 18° back just
 * before toe-off. (The literature's 30° to −10° is measured from a pelvis tipped forward about
 * 10°; this skeleton's pelvis stays level, so the curve is shifted by that tilt.)
 */
export const hipFlexion = (phase: number): number =>
  2 + 20 * Math.cos(2 * Math.PI * (phase - 0.02));

/** Knee flexion: a small bend as weight is taken (~15°), then ~60° to clear the foot in swing. */
export const kneeFlexion = (phase: number): number =>
  3 + 14 * bump(phase, 0.14, 0.06) + 58 * bump(phase, 0.72, 0.12);

/** Ankle dorsiflexion (+ toe up): foot flat, rolls over, pushes off (−20°), lifts in swing. */
export const ankleDorsiflexion = (phase: number): number =>
  -6 * bump(phase, 0.06, 0.035) +
  10 * bump(phase, 0.45, 0.1) -
  22 * bump(phase, 0.62, 0.045) +
  10 * bump(phase, 0.84, 0.07);

/** Shoulder flexion: arms swing against the legs, about ±16°. */
export const shoulderFlexion = (phase: number): number => -16 * Math.cos(2 * Math.PI * phase);

/** Elbow flexion: bent a little more as the arm swings forward. */
export const elbowFlexion = (phase: number): number =>
  18 + 10 * Math.cos(2 * Math.PI * (phase - 0.5));

/** Toe-off: each foot is on the ground from its heel strike (φ = 0) to here. */
export const TOE_OFF = 0.6;
