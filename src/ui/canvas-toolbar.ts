import { FancyButton } from '@pixi/ui';
import { Container, Graphics, Text } from '../render/pixi.ts';
import type { Vec2 } from '../math/vec2.ts';
import type { ToolbarButton } from '../demos/contract.ts';
import type { CanvasColors } from '../render/theme-colors.ts';

export type { ToolbarButton };

const SIZE = 34;
const GAP = 4;

/**
 * A row of buttons that lives on the canvas (the tool modes; the solver's Step / Play / Live),
 * made with @pixi/ui so it travels with the canvas into a chromeless embed and full screen.
 * Each button's tooltip names its keyboard shortcut: the keys do the same thing, and they are
 * how keyboard and screen-reader users reach these buttons (the page lists them too).
 */
export class CanvasToolbar {
  readonly container = new Container();
  private readonly buttons = new Map<string, FancyButton>();
  private readonly tip = new Container();
  private readonly tipBack = new Graphics();
  private readonly tipText = new Text({
    text: '',
    style: { fontFamily: 'system-ui, sans-serif', fontSize: 12 },
  });
  private active = new Set<string>();
  private lastIds: readonly string[] | null = null;
  private widths = new Map<string, number>();

  constructor(
    private readonly specs: readonly ToolbarButton[],
    private colors: CanvasColors,
    private readonly tipBelow = true,
  ) {
    this.tip.addChild(this.tipBack, this.tipText);
    this.tip.visible = false;
    this.build();
  }

  /** The tooltip sits outside the row so it can hang below (or above) it. */
  get tooltip(): Container {
    return this.tip;
  }

  setColors(colors: CanvasColors): void {
    this.colors = colors;
    this.build();
  }

  /** Shows these buttons as on (the current tool; Play while playing). */
  setActive(ids: readonly string[]): void {
    // Called every frame: the same list (callers keep constant arrays) costs one comparison.
    if (ids === this.lastIds) return;
    this.lastIds = ids;
    if (ids.length === this.active.size && ids.every((id) => this.active.has(id))) return;
    this.active = new Set(ids);
    for (const [id, b] of this.buttons) this.paint(b, id);
  }

  /** Whether a point (canvas pixels) is over one of the buttons: such pointers are not edits. */
  hits(p: Vec2): boolean {
    if (!this.container.visible) return false;
    return this.container.getBounds().rectangle.contains(p.x, p.y);
  }

  get width(): number {
    let w = 0;
    for (const v of this.widths.values()) w += v + GAP;
    return Math.max(0, w - GAP);
  }

  private build(): void {
    for (const b of this.buttons.values()) b.destroy({ children: true });
    this.buttons.clear();
    this.widths.clear();
    let x = 0;
    for (const spec of this.specs) {
      const w = spec.glyph.length > 2 ? Math.max(SIZE, 14 + spec.glyph.length * 8) : SIZE;
      const b = new FancyButton({ text: this.label(spec.glyph), anchor: 0 });
      b.position.set(x, 0);
      this.widths.set(spec.id, w);
      this.buttons.set(spec.id, b);
      this.paint(b, spec.id);
      // @pixi/ui listens to mouse events unless the user agent looks mobile, so a touch laptop
      // or an iPad (which reports a desktop agent) could not press it; Pixi's own pointertap
      // fires for mouse, pen and touch alike.
      b.on('pointertap', () => spec.onPress());
      b.onHover.connect(() => this.showTip(spec, b));
      b.onOut.connect(() => (this.tip.visible = false));
      this.container.addChild(b);
      x += w + GAP;
    }
    this.tipText.style.fill = this.colors.background;
  }

  private label(glyph: string): Text {
    return new Text({
      text: glyph,
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontSize: glyph.length > 2 ? 13 : 17,
        fill: this.colors.text,
      },
    });
  }

  private paint(b: FancyButton, id: string): void {
    const on = this.active.has(id);
    const w = this.widths.get(id) ?? SIZE;
    const c = this.colors;
    const face = (fill: string, alpha: number, stroke: string) =>
      new Graphics()
        .roundRect(0, 0, w, SIZE, 7)
        .fill({ color: fill, alpha })
        .stroke({ width: 1.5, color: stroke });
    // FancyButton takes a replaced view out of the button but does not destroy it.
    const old = [b.defaultView, b.hoverView, b.pressedView];
    b.defaultView = face(on ? c.accent : c.background, on ? 1 : 0.92, on ? c.accent : c.muted);
    b.hoverView = face(on ? c.accent : c.highlight, on ? 1 : 0.35, c.highlight);
    b.pressedView = face(c.highlight, 0.7, c.highlight);
    for (const v of old) v?.destroy();
    const text = b.textView;
    if (text) text.style.fill = on ? c.background : c.text;
  }

  private showTip(spec: ToolbarButton, b: FancyButton): void {
    this.tipText.text = `${spec.tip} (${spec.key})`;
    const pad = 6;
    const w = this.tipText.width + 2 * pad;
    const h = this.tipText.height + 2 * pad;
    this.tipBack.clear().roundRect(0, 0, w, h, 5).fill({ color: this.colors.text, alpha: 0.92 });
    this.tipText.position.set(pad, pad);
    const at = this.container.toGlobal({ x: b.x, y: this.tipBelow ? SIZE + 6 : -h - 6 });
    this.tip.position.set(Math.max(4, at.x), at.y);
    this.tip.visible = true;
  }
}
