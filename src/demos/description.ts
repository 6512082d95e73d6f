import type { WorldRect } from '../render/viewport.ts';
import type { ParamSchema } from './params.ts';

/**
 * A figure's description: everything it shows a student, as data, read by the figure kit to
 * build its controls, readouts and labels (and by the gallery, the instructors page and the
 * embed tables for its settings). The figure's code only binds behaviour to these ids: it
 * builds no control of its own, and writes no sentence of its own (`strings` has them), so a
 * translation is a change of data.
 *
 * Every part is optional. Where a part says `primary`, it sits with the canvas on every
 * screen (beside it on a laptop, right under it on a phone); the rest waits under "More".
 */
export interface FigureDescription<S extends ParamSchema = ParamSchema> extends DemoMeta<S> {
  /** One help text per setting, by parameter name: a tooltip, and a column in the tables. */
  help?: { readonly [K in keyof S]?: string };
  /** Live values the figure reports, in the order shown. Tests and challenges read them by id. */
  readouts?: Readonly<Record<string, ReadoutSpec>>;
  /** Formulas (TeX) with the figure's numbers in them, typeset as they change. */
  formulas?: Readonly<Record<string, FormulaSpec>>;
  /** Small charts under the figure's controls. */
  plots?: Readonly<Record<string, PlotSpec>>;
  /** Buttons: pressed once (Reset the walk), or acting while held (walk ▶). */
  actions?: Readonly<Record<string, ActionSpec>>;
  /** Controls of a registered kind beyond the settings: a file to load, a line of text. */
  widgets?: Readonly<Record<string, WidgetSpec>>;
  /**
   * A solver figure: the step bar (Step, Play, Jump to solution, Back to live) and what the
   * step did, sitting right under the canvas. Their words are the kit's (STEP_TRACE).
   */
  stepTrace?: boolean;
  /**
   * Where the drawing is, in scene units: the view fits it, with a margin, into whatever
   * canvas the page gives (a figure whose content moves says where it is each frame).
   */
  bounds?: WorldRect;
  /** The keys the canvas takes when focused, said to every reader ("←/→ walk, Space …"). */
  keyHelp?: string;
  /**
   * Every other sentence the figure shows (status lines, overlay labels), by key. `{name}`
   * in a string is filled from the values the code passes (`say('reached', { n: 3 })`).
   */
  strings?: Readonly<Record<string, string>>;
}

/** A placement in the figure's controls column. */
interface Placed {
  /** Sits with the canvas on every screen (see FigureDescription). */
  primary?: boolean;
  /** What it means, in a sentence: a tooltip, read by screen readers. */
  help?: string;
}

export interface ReadoutSpec extends Placed {
  label: string;
  /**
   * How a number is shown: `degrees` takes radians and shows "38.7°", `number` shows
   * `digits` decimals (default 1) and the unit, `integer` a whole number. A string given to
   * the readout is shown as it is, whatever the format.
   */
  format?: 'text' | 'number' | 'degrees' | 'integer';
  digits?: number;
  /** Shown after a number ("px", "ms"). */
  unit?: string;
  /** Says what the last step did: sits in the step bar, under the step buttons. */
  stepBar?: boolean;
}

export interface FormulaSpec extends Placed {
  /** What the formula says, for screen readers and the figure's text summary. */
  label?: string;
}

export interface PlotSpec extends Placed {
  /** What the plot shows, as a title above it. */
  label: string;
  xLabel: string;
  yLabel: string;
  /** Logarithmic y axis (errors that shrink by decades). */
  logY?: boolean;
  /**
   * Lines (a value per x), grouped bars (a group per x), a strip (a row per series, filled where
   * ≥ ½), or xy: each series is x, y pairs ([x0, y0, x1, y1, …]; a NaN pair breaks the line; a
   * series of one pair is drawn as a dot).
   */
  kind?: 'line' | 'bars' | 'strip' | 'xy';
  /** First x value (e.g. 0 for "iteration 0", 1 for "joint 1"). */
  xStart?: number;
}

export interface ActionSpec extends Placed {
  label: string;
  /** `hold`: acts while held (mouse, touch, or Space/Enter held on it): "walk ▶". */
  kind?: 'press' | 'hold';
  /** The canvas key that does the same, named in its tooltip. */
  key?: string;
  /** One of the stepping controls: sits in the bar right under the canvas. */
  stepBar?: boolean;
}

export type WidgetSpec = FileWidgetSpec | TextWidgetSpec;
export interface FileWidgetSpec extends Placed {
  kind: 'file';
  label: string;
  /** e.g. ".bvh" */
  accept: string;
}
export interface TextWidgetSpec extends Placed {
  kind: 'text';
  label: string;
  placeholder?: string;
  /** The button beside the field that submits it. */
  submitLabel: string;
}

/**
 * What the registry knows of a demo before its code loads: all a page needs to list it, check
 * its parameters and say what it is. Each demo's metadata sits in src/demos/<id>/meta.ts.
 */
export interface DemoMeta<S extends ParamSchema = ParamSchema> {
  /** Stable id used by lessons (```demo <id>), URLs (?demo=<id>) and the registry. */
  id: string;
  title: string;
  /** One sentence for the gallery and for the embed page's title. */
  summary: string;
  /** The seed document whose idea the demo shows, e.g. "seed 001 §1". */
  credit?: string;
  params: S;
  /**
   * The demo moves with no one touching it (an autopilot, a clip playing), given these
   * parameter values. Under `prefers-reduced-motion` such a demo starts paused.
   */
  movesByItself?: (values: Readonly<Record<string, unknown>>) => boolean;
  /**
   * Why the demo costs a lot each frame with these values (e.g. "100 spiders walking at once"),
   * or null: in an embed such a demo starts paused, so one heavy iframe does not slow every
   * other demo from the same host.
   */
  heavy?: (values: Readonly<Record<string, unknown>>) => string | null;
}

/** Keeps a metadata literal's parameter types (what `create` will receive). */
export const defineMeta = <S extends ParamSchema>(m: DemoMeta<S>): DemoMeta<S> => m;

/**
 * Keeps a description literal's types (its parameter, readout, action… names), so the code
 * that binds to it can only name what it declares.
 */
export const describeFigure = <S extends ParamSchema, D extends FigureDescription<S>>(
  d: D & FigureDescription<S>,
): D => d;

/**
 * A description's string `key` with `{name}` filled from `values`; a name not given stays as
 * written, so a slip shows on the page instead of throwing.
 */
export function fillString(
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
