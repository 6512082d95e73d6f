import type { Container } from '../../render/pixi.ts';
import type { CanvasColors } from '../../render/theme-colors.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { CanvasSize } from '../../ui/canvas-host.ts';
import { CanvasToolbar, type ToolbarButton } from '../../ui/canvas-toolbar.ts';
import type { Tool } from './gizmo.ts';
import { TOOL_INFO } from './tool-info.ts';

/**
 * The two bars drawn on the editor canvas (@pixi/ui, so they come along into full screen): the
 * tools and Full screen at the top left, and the chain solver's Step / Play / End / Live at the
 * bottom left while a chain IK node is selected. Presses on them are theirs (Pixi's events),
 * never the start of a drag.
 */
export class EditorToolbars {
  private tools: CanvasToolbar | null = null;
  private steps: CanvasToolbar | null = null;
  private stepButtons: readonly ToolbarButton[] = [];
  private stepActive: readonly string[] = [];
  private stage: Container | null = null;
  private size: CanvasSize = { width: 1, height: 1 };

  constructor(
    private readonly colors: () => CanvasColors,
    private readonly actions: { tool(t: Tool): void; fullscreen(): void },
  ) {}

  /** Builds the tool bar (and the step bar, if it has buttons) on the renderer's stage. */
  build(stage: Container, tool: Tool, size: CanvasSize): void {
    this.stage = stage;
    this.size = size;
    this.tools = new CanvasToolbar(
      [
        ...(Object.keys(TOOL_INFO) as Tool[]).map((t) => ({
          id: t,
          glyph: TOOL_INFO[t].glyph,
          tip: TOOL_INFO[t].tip,
          key: TOOL_INFO[t].key,
          onPress: () => this.actions.tool(t),
        })),
        {
          id: 'fullscreen',
          glyph: 'Full screen',
          tip: 'The canvas alone, filling the screen, tools and all',
          key: 'Esc leaves',
          onPress: () => this.actions.fullscreen(),
        },
      ],
      this.colors(),
    );
    this.tools.setActive([tool]);
    stage.addChild(this.tools.container, this.tools.tooltip);
    this.rebuildSteps();
    this.place(size);
  }

  /** Puts the bars back on a stage that was cleared for a new scene (above the scene). */
  addTo(stage: Container): void {
    if (this.tools) stage.addChild(this.tools.container, this.tools.tooltip);
    if (this.steps) stage.addChild(this.steps.container, this.steps.tooltip);
  }

  setTool(tool: Tool): void {
    this.tools?.setActive([tool]);
  }

  /** The Step / Play / Live buttons ([] hides the bar). */
  setStepButtons(buttons: readonly ToolbarButton[], active: readonly string[]): void {
    this.stepButtons = buttons;
    this.stepActive = active;
    this.rebuildSteps();
  }

  setStepActive(active: readonly string[]): void {
    this.stepActive = active;
    this.steps?.setActive(active);
  }

  setColors(colors: CanvasColors): void {
    this.tools?.setColors(colors);
    this.steps?.setColors(colors);
  }

  /** Whether a canvas point is on a bar's buttons. */
  hits(p: Vec2): boolean {
    return (this.tools?.hits(p) ?? false) || (this.steps?.hits(p) ?? false);
  }

  place(size: CanvasSize): void {
    this.size = size;
    this.tools?.container.position.set(8, 8);
    this.steps?.container.position.set(8, size.height - 42);
  }

  private rebuildSteps(): void {
    if (!this.stage) return;
    if (this.steps) {
      this.steps.container.destroy({ children: true });
      this.steps.tooltip.destroy({ children: true });
      this.steps = null;
    }
    if (this.stepButtons.length === 0) return;
    this.steps = new CanvasToolbar(this.stepButtons, this.colors(), false);
    this.steps.setActive(this.stepActive);
    this.stage.addChild(this.steps.container, this.steps.tooltip);
    this.place(this.size);
  }
}
