import type {
  ButtonControl,
  ControlPanel,
  FileControl,
  FileOptions,
  PlotControl,
  Placement,
  TextControl,
} from './contract.ts';
import {
  fillString,
  type ActionSpec,
  type FigureDescription,
  type ReadoutSpec,
} from './description.ts';
import { defaultValues, type ParamSchema, type ParamValue, type ParamValues } from './params.ts';
import { deg, num } from './shared/format.ts';
import { STEP_TRACE } from './step-trace.ts';

type Params<D extends FigureDescription> = D['params'];
type Keys<R> = R extends Readonly<Record<string, unknown>> ? Extract<keyof R, string> : never;
/** A description's names of each part, as the code may use them. */
export type ParamName<D extends FigureDescription> = Extract<keyof Params<D>, string>;
/** The settings that have a control (not `control: false`). */
export type ControlName<D extends FigureDescription> = {
  [K in ParamName<D>]: Params<D>[K] extends { control: false } ? never : K;
}[ParamName<D>];
export type ReadoutName<D extends FigureDescription> =
  Keys<D['readouts']> | (D['stepTrace'] extends true ? Keys<typeof STEP_TRACE.readouts> : never);
export type ActionName<D extends FigureDescription> =
  Keys<D['actions']> | (D['stepTrace'] extends true ? Keys<typeof STEP_TRACE.actions> : never);
export type StringName<D extends FigureDescription> =
  Keys<D['strings']> | (D['stepTrace'] extends true ? Keys<typeof STEP_TRACE.strings> : never);

export interface Readout {
  /** A number is shown as the readout's format says; a string as it is. */
  set(value: number | string): void;
}

/**
 * What a figure's code gets from the kit: its settings' current values and changes, and the
 * controls, readouts, formulas, plots and strings its description declares, by name. It has no
 * way to make a control the description does not declare.
 */
export interface FigureUi<D extends FigureDescription = FigureDescription> {
  readonly description: D;
  /** Every setting's value as the student has it now (the preset, then each change). */
  readonly values: ParamValues<Params<D>>;
  /** Runs `fn` when the student changes this setting's control. */
  on<K extends ControlName<D>>(name: K, fn: (value: ParamValue<Params<D>[K]>) => void): void;
  /** Shows a value the figure itself gave a setting (a clip's time as it plays). */
  set<K extends ParamName<D>>(name: K, value: ParamValue<Params<D>[K]>): void;
  /** A number setting's top end (a clip's length, once another clip is loaded). */
  setMax(name: ControlName<D>, max: number): void;
  readout(name: ReadoutName<D>): Readout;
  formula(name: Keys<D['formulas']>): { set(tex: string): void };
  plot(name: Keys<D['plots']>): PlotControl;
  /** Binds a button: `fn` runs on a press, or with true/false as a hold starts and ends. */
  action(name: ActionName<D>, fn: (down: boolean) => void): ButtonControl;
  /** Binds a file picker (files dropped on the figure come the same way). */
  file(name: Keys<D['widgets']>, o: Pick<FileOptions, 'onFile' | 'large'>): FileControl;
  /** Binds a one-line text field: `onSubmit` returns '' when taken, or what was wrong. */
  text(name: Keys<D['widgets']>, onSubmit: (text: string) => string): TextControl;
  /** One of the description's strings, `{name}` filled from `values`. */
  say(key: StringName<D>, values?: Readonly<Record<string, string | number>>): string;
}

/**
 * Builds every control a description declares on `panel` (the page's DOM controls, or a
 * test's fake), in the description's order, and hands the figure's code a FigureUi bound to
 * them. Each control's events go to whatever the code binds with `on`/`action`/`file`/`text`;
 * `unbound()` names the ones it never bound (a test fails on any).
 */
export function buildFigureUi<D extends FigureDescription>(
  description: D,
  panel: ControlPanel,
  preset: ParamValues<Params<D>>,
  /** The settings to put with the canvas instead of the description's own primary ones. */
  primary?: readonly string[],
): FigureUi<D> & { unbound(): string[] } {
  const d = description as FigureDescription;
  const values = { ...defaultValues(d.params), ...preset } as Record<string, unknown>;
  const settings = buildSettings(d, panel, values, primary);
  const actions = buildActions(d, panel);
  const widgets = buildWidgets(d, panel);
  const shown = buildShown(d, panel);
  const strings = { ...(d.stepTrace ? STEP_TRACE.strings : {}), ...d.strings };
  const need = <T>(map: Map<string, T>, name: string, part: string): T => {
    if (!map.has(name)) throw new Error(`${d.id}: the description declares no ${part} "${name}"`);
    return map.get(name)!;
  };
  return {
    description,
    values: values as ParamValues<Params<D>>,
    on(name, fn) {
      need(settings.controls, name, 'setting with a control');
      settings.handlers.set(name, fn as (v: never) => void);
    },
    set(name, value) {
      values[name] = value;
      settings.controls.get(name)?.set(value as never);
    },
    setMax(name, max) {
      need(settings.controls, name, 'setting with a control').setMax?.(max);
    },
    readout: (name) => need(shown.readouts, name, 'readout'),
    formula: (name) => need(shown.formulas, name, 'formula'),
    plot: (name) => need(shown.plots, name, 'plot'),
    action(name, fn) {
      const control = need(actions.controls, name, 'action');
      actions.handlers.set(name, fn);
      return control;
    },
    file(name, o) {
      const control = need(widgets.controls, name, 'widget') as FileControl;
      widgets.handlers.set(name, o);
      return control;
    },
    text(name, onSubmit) {
      const control = need(widgets.controls, name, 'widget') as TextControl;
      widgets.handlers.set(name, onSubmit);
      return control;
    },
    say(key, vars) {
      const template = (strings as Record<string, string | undefined>)[key];
      if (template === undefined)
        throw new Error(`${d.id}: the description has no string "${key}"`);
      return fillString(template, vars);
    },
    unbound: () =>
      [settings, actions, widgets].flatMap((part) =>
        [...part.controls.keys()].filter((n) => !part.handlers.has(n)),
      ),
  };
}

const where = (o: { primary?: boolean; stepBar?: boolean }): Placement =>
  o.stepBar ? 'stepBar' : o.primary ? 'primary' : 'more';

type SettingControl = { set(v: never): void; setMax?(m: number): void };

/** A control per setting that has one; a student's change goes to `values` and the listener. */
function buildSettings(
  d: FigureDescription,
  panel: ControlPanel,
  values: Record<string, unknown>,
  primary: readonly string[] | undefined,
) {
  const controls = new Map<string, SettingControl>();
  const handlers = new Map<string, (v: never) => void>();
  const help = (d.help ?? {}) as Record<string, string | undefined>;
  for (const [name, spec] of Object.entries(d.params)) {
    if (spec.control === false) continue;
    const emit = (v: unknown) => {
      values[name] = v;
      handlers.get(name)?.(v as never);
    };
    const placement = primary ? (primary.includes(name) ? 'primary' : 'more') : where(spec);
    const base = { id: name, label: spec.label, help: help[name], placement } as const;
    let control: SettingControl;
    if (spec.type === 'number')
      control = panel.slider({
        ...base,
        min: spec.min,
        max: spec.max,
        step: spec.step ?? (spec.max - spec.min <= 2 ? 0.01 : 1),
        log: spec.log,
        unit: shortUnit(spec.unit),
        value: values[name] as number,
        onInput: emit,
      });
    else if (spec.type === 'boolean')
      control = panel.toggle({ ...base, value: values[name] as boolean, onChange: emit });
    else
      control = panel.choice({
        ...base,
        options: spec.options,
        value: values[name] as string,
        onChange: emit,
      });
    controls.set(name, control);
  }
  return { controls, handlers };
}

/** A button per action (the step bar's too), pressed once or held. */
function buildActions(d: FigureDescription, panel: ControlPanel) {
  const controls = new Map<string, ButtonControl>();
  const handlers = new Map<string, (down: boolean) => void>();
  const all: Record<string, ActionSpec> = {
    ...(d.stepTrace ? STEP_TRACE.actions : {}),
    ...d.actions,
  };
  for (const [name, a] of Object.entries(all)) {
    const o = { id: name, label: a.label, title: a.help, placement: where(a) };
    const press = (down: boolean) => handlers.get(name)?.(down);
    controls.set(
      name,
      a.kind === 'hold'
        ? panel.holdButton({ ...o, onHold: press })
        : panel.button({ ...o, onClick: () => press(true) }),
    );
  }
  return { controls, handlers };
}

type FileHandlers = Pick<FileOptions, 'onFile' | 'large'>;

/** A control per widget (a file picker, a text field), of its registered kind. */
function buildWidgets(d: FigureDescription, panel: ControlPanel) {
  const controls = new Map<string, FileControl | TextControl>();
  const handlers = new Map<string, FileHandlers | ((t: string) => string)>();
  for (const [name, w] of Object.entries(d.widgets ?? {})) {
    const o = { id: name, label: w.label, help: w.help, placement: where(w) };
    if (w.kind === 'file') {
      const bound = () => handlers.get(name) as FileHandlers | undefined;
      controls.set(
        name,
        panel.file({
          ...o,
          accept: w.accept,
          onFile: (file, text) =>
            bound()?.onFile(file, text) ?? { ok: false, message: 'This figure takes no file.' },
          get large() {
            return bound()?.large;
          },
        }),
      );
    } else {
      const bound = () => handlers.get(name) as ((t: string) => string) | undefined;
      controls.set(
        name,
        panel.text({
          ...o,
          value: '',
          placeholder: w.placeholder,
          submitLabel: w.submitLabel,
          onSubmit: (t) => bound()?.(t) ?? '',
        }),
      );
    }
  }
  return { controls, handlers };
}

/** What the figure shows: readouts (formatted as described), formulas and plots. */
function buildShown(d: FigureDescription, panel: ControlPanel) {
  const readouts = new Map<string, Readout>();
  const all: Record<string, ReadoutSpec> = {
    ...(d.stepTrace ? STEP_TRACE.readouts : {}),
    ...d.readouts,
  };
  for (const [name, r] of Object.entries(all)) {
    const out = panel.readout({ id: name, label: r.label, help: r.help, placement: where(r) });
    readouts.set(name, { set: (v) => out.set(typeof v === 'string' ? v : formatReadout(r, v)) });
  }
  const formulas = new Map<string, { set(tex: string): void }>();
  for (const [name, f] of Object.entries(d.formulas ?? {}))
    formulas.set(name, panel.formula({ id: name, label: f.label, placement: where(f) }));
  const plots = new Map<string, PlotControl>();
  for (const [name, p] of Object.entries(d.plots ?? {}))
    plots.set(name, panel.plot({ ...p, id: name, placement: where(p) }));
  return { readouts, formulas, plots };
}

/** Units written out for messages, as a slider shows them after its value. */
const SHORT_UNITS: Readonly<Record<string, string>> = {
  degrees: '°',
  seconds: 's',
  // A scene's own units need no word after a number in a figure of that scene.
  'scene units': '',
  units: '',
  'units per second': 'units/s',
};

/** A setting's unit as its slider shows it ("°", "s", "N·m"). */
export const shortUnit = (unit: string | undefined): string | undefined =>
  unit === undefined ? undefined : (SHORT_UNITS[unit] ?? unit.trim());

/** A readout's number as its description says to show it. */
export function formatReadout(spec: ReadoutSpec, v: number): string {
  if (!Number.isFinite(v)) return '—';
  const unit = spec.unit ? ` ${spec.unit}` : '';
  switch (spec.format) {
    case 'degrees':
      return deg(v, spec.digits ?? 1);
    case 'integer':
      return `${Math.round(v)}${unit}`;
    default:
      return `${num(v, spec.digits ?? 1)}${unit}`;
  }
}

/** Default values typed for a schema: what a test passes as a preset. */
export const presetOf = <S extends ParamSchema>(schema: S): ParamValues<S> => defaultValues(schema);
