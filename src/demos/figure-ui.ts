import type {
  ButtonControl,
  ControlPanel,
  FileControl,
  FileOptions,
  PlotControl,
  Placement,
  TextControl,
} from './contract';
import {
  fillString,
  type ActionSpec,
  type FigureDescription,
  type ReadoutSpec,
} from './description';
import { defaultValues, type ParamSchema, type ParamValue, type ParamValues } from './params';
import { deg, num } from './shared/format';
import { STEP_TRACE } from './step-trace';

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

const where = (o: { primary?: boolean; stepBar?: boolean }): Placement =>
  o.stepBar ? 'stepBar' : o.primary ? 'primary' : 'more';

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
  const placeSetting = (name: string, spec: { primary?: boolean }): Placement =>
    primary ? (primary.includes(name) ? 'primary' : 'more') : where(spec);
  const values = { ...defaultValues(d.params), ...preset } as Record<string, unknown>;
  const listeners = new Map<string, (v: never) => void>();
  const emit = (name: string, v: unknown) => {
    values[name] = v;
    listeners.get(name)?.(v as never);
  };
  const strings = { ...(d.stepTrace ? STEP_TRACE.strings : {}), ...d.strings };
  const help = (d.help ?? {}) as Record<string, string | undefined>;
  const settings = new Map<string, { set(v: never): void; setMax?(m: number): void } | undefined>();
  for (const [name, spec] of Object.entries(d.params)) {
    if (spec.control === false) continue;
    const base = {
      id: name,
      label: spec.label,
      help: help[name],
      placement: placeSetting(name, spec),
    };
    if (spec.type === 'number')
      settings.set(
        name,
        panel.slider({
          ...base,
          min: spec.min,
          max: spec.max,
          step: spec.step ?? (spec.max - spec.min <= 2 ? 0.01 : 1),
          log: spec.log,
          unit: shortUnit(spec.unit),
          value: values[name] as number,
          onInput: (v) => emit(name, v),
        }) as never,
      );
    else if (spec.type === 'boolean')
      settings.set(
        name,
        panel.toggle({ ...base, value: values[name] as boolean, onChange: (v) => emit(name, v) }),
      );
    else
      settings.set(
        name,
        panel.choice({
          ...base,
          options: spec.options,
          value: values[name] as string,
          onChange: (v) => emit(name, v),
        }),
      );
  }
  const actions = new Map<string, ButtonControl>();
  const pressed = new Map<string, (down: boolean) => void>();
  const allActions: Record<string, ActionSpec> = {
    ...(d.stepTrace ? STEP_TRACE.actions : {}),
    ...d.actions,
  };
  for (const [name, a] of Object.entries(allActions)) {
    const o = { id: name, label: a.label, title: a.help, placement: where(a) };
    const press = (down: boolean) => pressed.get(name)?.(down);
    actions.set(
      name,
      a.kind === 'hold'
        ? panel.holdButton({ ...o, onHold: press })
        : panel.button({ ...o, onClick: () => press(true) }),
    );
  }
  const widgets = new Map<string, unknown>();
  const widgetHandlers = new Map<string, unknown>();
  for (const [name, w] of Object.entries(d.widgets ?? {})) {
    const o = { id: name, label: w.label, help: w.help, placement: where(w) };
    if (w.kind === 'file') {
      type Handlers = Pick<FileOptions, 'onFile' | 'large'>;
      const bound = () => widgetHandlers.get(name) as Handlers | undefined;
      widgets.set(
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
    } else
      widgets.set(
        name,
        panel.text({
          ...o,
          value: '',
          placeholder: w.placeholder,
          submitLabel: w.submitLabel,
          onSubmit: (t) =>
            (widgetHandlers.get(name) as ((t: string) => string) | undefined)?.(t) ?? '',
        }),
      );
  }
  const readouts = new Map<string, Readout>();
  const allReadouts: Record<string, ReadoutSpec> = {
    ...(d.stepTrace ? STEP_TRACE.readouts : {}),
    ...d.readouts,
  };
  for (const [name, r] of Object.entries(allReadouts)) {
    const out = panel.readout({ id: name, label: r.label, help: r.help, placement: where(r) });
    readouts.set(name, { set: (v) => out.set(typeof v === 'string' ? v : formatReadout(r, v)) });
  }
  const formulas = new Map<string, { set(tex: string): void }>();
  for (const [name, f] of Object.entries(d.formulas ?? {}))
    formulas.set(name, panel.formula({ id: name, label: f.label, placement: where(f) }));
  const plots = new Map<string, PlotControl>();
  for (const [name, p] of Object.entries(d.plots ?? {}))
    plots.set(name, panel.plot({ ...p, id: name, placement: where(p) }));

  const need = <T>(map: Map<string, T>, name: string, part: string): T => {
    if (!map.has(name)) throw new Error(`${d.id}: the description declares no ${part} "${name}"`);
    return map.get(name)!;
  };
  return {
    description,
    values: values as ParamValues<Params<D>>,
    on(name, fn) {
      need(settings, name, 'setting with a control');
      listeners.set(name, fn as (v: never) => void);
    },
    set(name, value) {
      values[name] = value;
      settings.get(name)?.set(value as never);
    },
    setMax(name, max) {
      need(settings, name, 'setting with a control')?.setMax?.(max);
    },
    readout: (name) => need(readouts, name, 'readout'),
    formula: (name) => need(formulas, name, 'formula'),
    plot: (name) => need(plots, name, 'plot'),
    action(name, fn) {
      const control = need(actions, name, 'action');
      pressed.set(name, fn);
      return control;
    },
    file(name, o) {
      const control = need(widgets, name, 'widget') as FileControl;
      widgetHandlers.set(name, o);
      return control;
    },
    text(name, onSubmit) {
      const control = need(widgets, name, 'widget') as TextControl;
      widgetHandlers.set(name, onSubmit);
      return control;
    },
    say(key, vars) {
      const template = (strings as Record<string, string | undefined>)[key];
      if (template === undefined)
        throw new Error(`${d.id}: the description has no string "${key}"`);
      return fillString(template, vars);
    },
    unbound: () => [
      ...[...settings.keys()].filter((n) => !listeners.has(n)),
      ...[...actions.keys()].filter((n) => !pressed.has(n)),
      ...[...widgets.keys()].filter((n) => !widgetHandlers.has(n)),
    ],
  };
}

/** Units written out for messages, as a slider shows them after its value. */
const SHORT_UNITS: Readonly<Record<string, string>> = {
  degrees: '°',
  seconds: 's',
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
