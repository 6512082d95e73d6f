import { lookAt, mat4, mul4, orthographic, perspective } from '../../math/mat4.ts';
import { vec3 } from '../../math/vec3.ts';

export { PROJECTIONS, type Projection } from './projections.ts';
import type { Projection } from './projections.ts';

/**
 * A camera that orbits a target point, Z up. Where the course states its side view (seed 000
 * §14: the rig's front, +Y, runs to the right of the screen and up, +Z, to its top): yaw 0,
 * pitch 0 puts the eye on the +X side looking back at the target, so +Y is screen right.
 */
export class OrbitCamera {
  readonly target = vec3();
  /** Radians about Z; 0 is the side view. */
  yaw = 0;
  /** Radians above the ground plane (−1.4 to 1.4). */
  pitch = 0;
  /** Eye distance (perspective) and the height of the view in world units (orthographic). */
  distance = 40;
  viewHeight = 20;
  projection: Projection = 'orthographic';
  fovY = (40 * Math.PI) / 180;
  near = 0.1;
  far = 2000;
  /**
   * A section view: a vertical plane this far in front of the target (towards the eye) cuts
   * away the ground nearer the eye, so a hill between the camera and the walker does not hide
   * it. Only geometry drawn with `cut` is cut (the ground, not the walker). null: no cut.
   */
  section: number | null = null;
  /** The cut as a world plane (a, b, c, d): kept where a·x + b·y + c·z + d ≥ 0. */
  readonly sectionPlane = new Float64Array(4);
  readonly eye = vec3();
  readonly view = mat4();
  readonly proj = mat4();
  readonly viewProj = mat4();

  /** Recomputes the matrices for a viewport of this aspect ratio (width / height). */
  update(aspect: number): void {
    this.pitch = Math.max(-1.4, Math.min(1.4, this.pitch));
    const cp = Math.cos(this.pitch);
    const d =
      this.projection === 'perspective'
        ? this.distance
        : Math.max(this.distance, this.viewHeight * 4);
    this.eye[0] = this.target[0]! + d * cp * Math.cos(this.yaw);
    this.eye[1] = this.target[1]! + d * cp * Math.sin(this.yaw);
    this.eye[2] = this.target[2]! + d * Math.sin(this.pitch);
    lookAt(this.view, this.eye, this.target, UP);
    const a = aspect > 0 && Number.isFinite(aspect) ? aspect : 1;
    if (this.projection === 'perspective')
      perspective(this.proj, this.fovY, a, this.near, this.far);
    else {
      const h = this.viewHeight / 2;
      orthographic(this.proj, -h * a, h * a, -h, h, this.near, this.far);
    }
    // Keep the points no nearer the eye (horizontally) than the cut: −h·p + h·t + s ≥ 0.
    const hx = Math.cos(this.yaw);
    const hy = Math.sin(this.yaw);
    this.sectionPlane[0] = -hx;
    this.sectionPlane[1] = -hy;
    this.sectionPlane[2] = 0;
    this.sectionPlane[3] = hx * this.target[0]! + hy * this.target[1]! + (this.section ?? 0);
    mul4(this.viewProj, this.proj, this.view);
  }

  /** Turns the orbit by pixel-ish amounts (a drag). */
  orbit(dx: number, dy: number): void {
    this.yaw -= dx * 0.01;
    this.pitch += dy * 0.01;
  }

  /** Zooms in (factor < 1) or out (> 1), both projections alike. */
  zoom(factor: number): void {
    const f = Math.min(4, Math.max(0.25, Number.isFinite(factor) ? factor : 1));
    this.distance = Math.min(800, Math.max(2, this.distance * f));
    this.viewHeight = Math.min(400, Math.max(1, this.viewHeight * f));
  }

  /** Back to the side view. */
  side(): void {
    this.yaw = 0;
    this.pitch = 0;
  }
}

const UP = [0, 0, 1];
