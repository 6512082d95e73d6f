import type { Vec2 } from '../../math/vec2.ts';
import type { OrbitCamera } from '../../render/raster/orbit-camera.ts';

const clampPitch = (p: number) => Math.max(-1.4, Math.min(1.4, p));

/**
 * The 3D stage's camera inputs: drag to orbit (mouse, touch or pen), wheel and pinch to zoom,
 * keys (J L orbit, I K tilt, + − zoom, 0 the side view). The orbit is kept as a turn relative
 * to what the camera follows (`yawOffset`); `aim` puts the camera back on it after each change.
 */
export class StageCamera {
  /** Orbit relative to the walker's facing (or to the world, when the stage does not follow it). */
  yawOffset = 0;
  private drag: Vec2 | null = null;

  constructor(
    private readonly camera: OrbitCamera,
    /** Where the camera starts and returns to ("side view"): raised a little to see the ground. */
    readonly homePitch: number,
    private readonly aim: () => void,
  ) {
    camera.pitch = homePitch;
  }

  /**
   * Drag anywhere on the figure to orbit. Measured in stage units (the figure is 960 wide
   * whatever its size on screen), so a drag across the whole figure turns the camera about 330°
   * on a phone and on a wide screen alike.
   */
  pointer(kind: 'down' | 'move' | 'up', p: Vec2): void {
    if (kind === 'down') this.drag = { x: p.x, y: p.y };
    else if (kind === 'move' && this.drag) {
      this.yawOffset -= (p.x - this.drag.x) * 0.006;
      this.camera.pitch = clampPitch(this.camera.pitch + (p.y - this.drag.y) * 0.006);
      this.drag = { x: p.x, y: p.y };
      this.aim();
    } else this.drag = null;
  }

  /** Two fingers: spreading them zooms in (factor below 1), as on any map. */
  pinch(factor: number): void {
    this.camera.zoom(factor);
  }

  wheel(deltaY: number): void {
    this.camera.zoom(Math.exp(Math.max(-200, Math.min(200, deltaY)) * 0.0015));
  }

  /** Camera keys, 15° a press (held keys repeat). */
  key(key: string, down: boolean): boolean {
    const step = Math.PI / 12;
    const c = this.camera;
    const actions: Record<string, () => void> = {
      j: () => (this.yawOffset += step),
      l: () => (this.yawOffset -= step),
      i: () => (c.pitch = clampPitch(c.pitch + step)),
      k: () => (c.pitch = clampPitch(c.pitch - step)),
      '+': () => c.zoom(0.8),
      '=': () => c.zoom(0.8),
      '-': () => c.zoom(1.25),
      '0': () => this.sideView(),
      Home: () => this.sideView(),
    };
    const act = actions[key];
    if (!act) return false;
    if (down) {
      act();
      this.aim();
    }
    return true;
  }

  sideView(): void {
    this.yawOffset = 0;
    this.camera.pitch = this.homePitch;
    this.aim();
  }
}
