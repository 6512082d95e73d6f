import type { OverlayPainter } from '../render/overlay-painter.ts';
import type { CanvasColors } from '../render/theme-colors.ts';
import type { WorldRect } from '../render/viewport.ts';
import type { Vec2 } from '../math/vec2.ts';
import type { Node } from '../scene/node.ts';
import type { NodeType } from '../scene/node-type.ts';
import type { Node2D } from '../scene/node2d.ts';
import type { DemoMeta, FigureDescription, PlotSpec } from './description.ts';
import { roundParams, type ParamSchema, type ParamValues } from './params.ts';

export type { DemoMeta } from './description.ts';
export { defineMeta } from './description.ts';

/**
 * Where a control sits: in the step bar right under the canvas, with the canvas (`primary`:
 * beside it on a laptop, under it on a phone), or under "More".
 */
export type Placement = 'stepBar' | 'primary' | 'more';

/** What every control kind is told besides its own options. */
interface ControlCommon {
  id: string;
  label: string;
  /** What it means, in a sentence: a tooltip, read by screen readers. */
  help?: string;
  /** Where it sits (default: more; a step-bar button or readout says stepBar itself). */
  placement?: Placement;
}

/**
 * The kinds of control a figure's description may declare, built by the figure kit
 * (figure-ui.ts). The page implements them in the DOM (real inputs: keyboard, touch and
 * screen readers work); a figure's code never calls them itself.
 */
export interface SliderOptions extends ControlCommon {
  min: number;
  max: number;
  step: number;
  value: number;
  unit?: string;
  /**
   * Logarithmic: equal slider travel multiplies the value by equal factors, for ranges that span
   * decades (a tolerance of 0.01 to 40). Values keep two significant digits, or `step` if ≥ 1.
   */
  log?: boolean;
  onInput(v: number): void;
}
export interface ToggleOptions extends ControlCommon {
  value: boolean;
  onChange(v: boolean): void;
}
export interface ChoiceOptions extends ControlCommon {
  options: readonly string[];
  value: string;
  onChange(v: string): void;
}
export interface ButtonOptions extends Omit<ControlCommon, 'help'> {
  /** Shown as a tooltip and read by screen readers, e.g. what a ▶ button does. */
  title?: string;
  onClick(): void;
  /**
   * One of the figure's stepping controls (Step, Play, …): they sit in a bar right under the
   * canvas, with what the solver did (formulas and readouts) under them, so the picture, the
   * button and its explanation are seen together.
   */
  stepBar?: boolean;
}
/** A button that acts while held (mouse, touch, or Space/Enter held on it): "walk ▶". */
export interface HoldButtonOptions extends Omit<ControlCommon, 'help'> {
  title?: string;
  onHold(down: boolean): void;
  /** As ButtonOptions.stepBar: walk buttons sit right under the canvas. */
  stepBar?: boolean;
}
/**
 * A one-line text field, e.g. a button sequence. `onSubmit` runs on Enter (or its button) and
 * returns '' when the text was accepted, or a message saying what was wrong and what is allowed:
 * the field shows it and keeps the text so nothing typed is lost.
 */
export interface TextOptions extends ControlCommon {
  value: string;
  placeholder?: string;
  /** Label of the button beside the field that submits it. */
  submitLabel: string;
  onSubmit(text: string): string;
}
export interface TextControl {
  set(text: string): void;
}
/**
 * A file picker (a button, so keyboards reach it; files dropped on the figure arrive the same
 * way). `onFile` gets the file's text and says whether it was taken and what to show beside the
 * picker: what was loaded (and any warnings), or what was wrong and what is allowed.
 */
export interface FileOptions extends ControlCommon {
  /** e.g. ".bvh" */
  accept: string;
  /**
   * A large file may take a while: return a promise, and show its progress meanwhile. A result
   * marked `quiet` (a read replaced by a newer one) changes nothing on the page.
   */
  onFile(name: string, text: string): FileResult | Promise<FileResult>;
  /**
   * Files of `size` bytes or more go to `take` unread, as the Blob they are: a worker can read
   * a 50 MB file itself, where reading it to text here and copying it there stalls the page.
   */
  large?: LargeFileSink;
}
export interface LargeFileSink {
  size: number;
  take(name: string, blob: Blob): Promise<FileResult>;
}
export interface FileResult {
  ok: boolean;
  message: string;
  quiet?: boolean;
}
export interface FileProgress {
  /** What is being done: "Reading walk.bvh: finding the walk cycle". */
  label: string;
  /** Share done, 0–1. */
  fraction: number;
  /** The Stop button beside the bar. */
  onCancel(): void;
}
export interface FileControl {
  /** Shows a message beside the picker ('' clears it), e.g. after a dropped file. */
  show(message: string, isError: boolean): void;
  /** A long read's progress bar with a Stop button (null takes them away). */
  progress(p: FileProgress | null): void;
}
export interface ButtonControl {
  setLabel(label: string): void;
  setDisabled(disabled: boolean): void;
  /** For toggle-like buttons (Play/Pause): announced as pressed. */
  setPressed(pressed: boolean): void;
}

/** One line (or set of bars) in a plot. `color` is any CSS colour, e.g. "var(--plot-1)". */
export interface PlotSeries {
  label: string;
  color: string;
  values: ArrayLike<number>;
}
export interface PlotOptions extends PlotSpec {
  id: string;
  placement?: Placement;
}
export interface PlotControl {
  /** Redraws with these series; `cursor` marks one x with a vertical line. */
  set(series: readonly PlotSeries[], cursor?: number): void;
}

export interface ControlPanel {
  slider(o: SliderOptions): SliderControl;
  toggle(o: ToggleOptions): ValueControl<boolean>;
  choice(o: ChoiceOptions): ValueControl<string>;
  button(o: ButtonOptions): ButtonControl;
  holdButton(o: HoldButtonOptions): ButtonControl;
  text(o: TextOptions): TextControl;
  file(o: FileOptions): FileControl;
  /** A small chart under the canvas (drawn in SVG, with a text summary for screen readers). */
  plot(o: PlotOptions): PlotControl;
  /**
   * A live value: label and text, e.g. "bone angle" "38.7°". Tests read it by id. `stepBar`
   * (or placement stepBar): it says what the last step did, and sits right under the step
   * buttons (see ButtonOptions.stepBar).
   */
  readout(o: ControlCommon & { stepBar?: boolean }): { set(text: string): void };
  /** A formula (TeX) typeset with KaTeX, re-typeset only when its text changes. */
  formula(o: { id: string; label?: string; placement?: Placement }): { set(tex: string): void };
}

export interface ValueControl<T> {
  set(value: T): void;
}

/** A slider's handle: its value, and its top end (a clip's length, when another is loaded). */
export interface SliderControl extends ValueControl<number> {
  setMax(max: number): void;
}

/** A button drawn on the canvas (a tool, Step, Play), with the key that does the same. */
export interface ToolbarButton {
  id: string;
  /** A glyph or a short word drawn on the button. */
  glyph: string;
  /** What it does, shown in its tooltip with its key: "Move (W): …". */
  tip: string;
  /** The keyboard shortcut, as printed in the tooltip. */
  key: string;
  onPress(): void;
}

/** What `create` receives besides the parameter values. */
export interface DemoContext {
  controls: ControlPanel;
  /**
   * The settings to put with the canvas instead of the description's primary ones: a lesson
   * block's `primary:` line names those its own text asks the student to use.
   */
  primary?: readonly string[];
}

/** A running demo. The page owns the canvas; the demo owns its node tree. */
export interface DemoInstance {
  /** The scene: drawn on the canvas and listed in the scene panel. */
  readonly root: Node2D;
  /** The part of the scene to show (scene units). */
  readonly world: WorldRect;
  /**
   * Where the view is now, for a demo whose subject travels (a character walking over a long
   * ground): read before each frame is drawn. Left out, the view stays on `world`.
   */
  view?(): WorldRect;
  /** Advances one frame (only called while the demo is on screen). */
  update(dt: number): void;
  /**
   * Draw the tree as a crowd (bones as lines, each colour one path: SceneView.batch), for
   * scenes of hundreds of characters where per-bone shapes would cost more than the walk.
   */
  readonly batched?: boolean;
  /** Told after each frame is drawn how long drawing took (ms), for demos that show the cost. */
  drawn?(ms: number): void;
  /** Gizmos drawn over the scene each frame. */
  drawOverlay?(painter: OverlayPainter): void;
  /**
   * Keys pressed while the canvas has focus (click or Tab to it): `down` is true on press,
   * false on release. Return true for keys the demo uses (their default action is prevented).
   * A demo with `onKey` names its keys in `keyHelp`, shown to every user and read by screen
   * readers.
   */
  onKey?(key: string, down: boolean): boolean;
  keyHelp?: string;
  /** Pointer (mouse, touch, pen) pressed, moved while pressed, or released on the canvas. */
  onPointer?(kind: 'down' | 'move' | 'up', world: Vec2): void;
  /**
   * Node types beyond the 2D ones (NODE_TYPES) that this demo's tree holds, so the scene panel
   * can describe them (a 3D skeleton's joints).
   */
  nodeTypes?: readonly NodeType[];
  /** Nodes the scene panel shows folded at first (large subtrees: legs, a swarm). */
  foldedInTree?(node: Node): boolean;
  /**
   * A demo that draws its own picture (the software 3D renderer) instead of the node tree:
   * the page gives it a 2D canvas `width` × `height` device pixels (CSS size × `dpr`) each frame.
   */
  surface?: {
    draw(
      ctx: CanvasRenderingContext2D,
      width: number,
      height: number,
      dpr: number,
      colors: CanvasColors,
    ): void;
    /** The labels the last draw put on the picture (CSS pixels), for checks of the page. */
    labelBoxes?(): { x: number; y: number; width: number; height: number }[];
  };
  /**
   * Buttons drawn on the canvas itself (@pixi/ui), so they stay with the figure in a chromeless
   * embed and in full screen: a solver's Step / Play / Live. `active` names the ones shown on.
   * Each should also have a key (`onKey`), named in its tooltip.
   */
  canvasButtons?: { buttons: readonly ToolbarButton[]; active(): readonly string[] };
  /** The mouse wheel (or a trackpad's scroll) over the figure: + away, − towards (zoom). */
  onWheel?(deltaY: number): void;
  /**
   * Two fingers pinching on the figure: the ratio of their last distance to the new one each
   * move (below 1 as they spread: zoom in). A one-finger drag in progress ends first.
   */
  onPinch?(factor: number): void;
  /** A file dropped on the figure: its name and text (the page reads it). */
  onDropFile?(name: string, text: string): void;
  /** As FileOptions.large, for a large file dropped on the figure (shown by the demo itself). */
  onDropLarge?: { size: number; take(name: string, blob: Blob): void };
  /** A node hovered or selected in the scene panel (null: none), for demos with a surface. */
  highlight?(node: Node | null): void;
  /** The current state as parameter values, for share links. */
  currentParams?(): Record<string, number | boolean | string>;
  destroy?(): void;
}

export interface DemoDefinition<S extends ParamSchema = ParamSchema> extends DemoMeta<S> {
  /** A figure built on the kit (defineFigure): its whole description. */
  description?: FigureDescription;
  create(ctx: DemoContext, params: ParamValues<S>): DemoInstance;
}

/**
 * What a page knows of a demo before its code loads: the registry's metadata (id, title,
 * summary, credit, parameter schema) and how to load the rest.
 */
export interface DemoSource extends DemoMeta {
  load(): Promise<DemoDefinition>;
  /**
   * The demo's description (its help texts, readouts, strings): what the gallery and the
   * instructors page read to explain each setting. It comes with the demo's code.
   */
  describe(): Promise<FigureDescription>;
}

/** A definition already in hand, as a source (a playground scene's demo, tests). */
export const sourceOf = (d: DemoDefinition): DemoSource => ({
  ...d,
  load: () => Promise.resolve(d),
  describe: () => Promise.resolve(d.description ?? d),
});

/**
 * Lets a typed definition sit in the untyped registry list. Every demo's `currentParams` is
 * rounded here, against its own schema, so the links it writes read `targetX=120`, never
 * `120.00000000000001`, and stay inside the ranges the schema accepts.
 */
export const defineDemo = <S extends ParamSchema>(d: DemoDefinition<S>): DemoDefinition => ({
  ...(d as unknown as DemoDefinition),
  create(ctx, params) {
    const instance = d.create(ctx, params as ParamValues<S>);
    const current = instance.currentParams?.bind(instance);
    if (current) instance.currentParams = () => roundParams(d.params, current());
    return instance;
  },
});
