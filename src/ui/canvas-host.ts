import { Container, type Renderer } from '../render/pixi.ts';
import { drawingResolution } from '../render/device-pixels.ts';
import { createRenderer } from '../render/renderer-choice.ts';
import type { RendererKind } from '../render/renderer-kind.ts';
import { type CanvasColors, readCanvasColors } from '../render/theme-colors.ts';
import { el } from './dom.ts';

export interface CanvasSize {
  width: number;
  height: number;
}

/**
 * One canvas in a box on the page, for a figure and for the playground's editor alike: the
 * renderer (PixiJS's Canvas renderer by default, WebGL when asked; see renderer-choice.ts) or a
 * plain 2D canvas for a figure that draws its own picture, sized to the box in CSS pixels at
 * the device's resolution, and re-sized whenever the box changes. It owns no scene: its users
 * put what they draw on `stage` and call `render`.
 */
export class CanvasHost {
  renderer: Renderer | null = null;
  stage: Container | null = null;
  /** A figure that draws its own picture (the software 3D renderer): its canvas and context. */
  surface: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | null = null;
  private measured: CanvasSize | null = null;
  private readonly observer = new ResizeObserver(() => this.resized());

  constructor(
    readonly box: HTMLElement,
    private readonly kind: RendererKind,
    /** Told the box's new size (CSS pixels) after the renderer took it. */
    private readonly onResize: (size: CanvasSize) => void,
    /** The canvas element's class, for the page's styles and checks. */
    private readonly surfaceClass = 'demo-canvas__surface',
  ) {
    this.observer.observe(box);
  }

  /** The box's size as last measured: kept by the observer, so a frame does not measure. */
  get size(): CanvasSize {
    return (this.measured ??= this.measure());
  }

  /** "canvas", "webgl" or "software" once attached, else null. */
  get name(): string | null {
    return this.renderer ? this.renderer.name : this.surface ? 'software' : null;
  }

  get attached(): boolean {
    return this.renderer !== null || this.surface !== null;
  }

  /** The theme's canvas colours as the box inherits them. */
  colors(): CanvasColors {
    return readCanvasColors(this.box);
  }

  /**
   * Creates the renderer and its stage, and puts its canvas first in the box. Resolves false
   * when `stillWanted` says no by the time the renderer is ready (the figure scrolled away).
   */
  async attach(stillWanted: () => boolean): Promise<boolean> {
    if (this.attached) return true;
    const { width, height } = (this.measured = this.measure());
    const renderer = await createRenderer({
      kind: this.kind,
      width,
      height,
      background: this.colors().background,
    });
    if (!stillWanted() || this.attached) {
      renderer.destroy();
      return false;
    }
    this.renderer = renderer;
    this.stage = new Container();
    this.place(renderer.canvas as HTMLCanvasElement);
    return true;
  }

  /** A plain 2D canvas instead of a renderer; false if the browser gives none. */
  attachSurface(): boolean {
    if (this.attached) return true;
    const canvas = el('canvas');
    const ctx = canvas.getContext('2d');
    if (!ctx) return false;
    this.surface = { canvas, ctx };
    this.place(canvas);
    return true;
  }

  /** Draws the surface at the device's resolution (every pixel costs script time there). */
  drawSurface(draw: (ctx: CanvasRenderingContext2D, w: number, h: number, dpr: number) => void) {
    if (!this.surface) return;
    const { canvas, ctx } = this.surface;
    const dpr = drawingResolution();
    const w = Math.round(this.size.width * dpr);
    const h = Math.round(this.size.height * dpr);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    draw(ctx, w, h, dpr);
  }

  render(): void {
    if (this.renderer && this.stage) this.renderer.render(this.stage);
  }

  setBackground(color: string): void {
    if (this.renderer) this.renderer.background.color = color;
  }

  /** Lets go of the renderer (a WebGL context is scarce) or the surface; the box stays. */
  release(): void {
    this.surface?.canvas.remove();
    this.surface = null;
    if (!this.renderer) return;
    this.stage?.destroy({ children: true });
    this.renderer.destroy({ removeView: true });
    this.renderer = null;
    this.stage = null;
  }

  destroy(): void {
    this.observer.disconnect();
    this.release();
  }

  private place(canvas: HTMLCanvasElement): void {
    canvas.className = this.surfaceClass;
    canvas.setAttribute('aria-hidden', 'true');
    this.box.prepend(canvas);
  }

  private measure(): CanvasSize {
    const r = this.box.getBoundingClientRect();
    return { width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)) };
  }

  private resized(): void {
    const size = (this.measured = this.measure());
    this.renderer?.resize(size.width, size.height);
    this.onResize(size);
  }
}
