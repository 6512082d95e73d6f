import type {
  ControlPanel,
  FileOptions,
  FileProgress,
  PlotOptions,
  PlotSeries,
} from '../../src/demos/contract';
import { parseParams } from '../../src/demos/params';
import { loadedDemo } from './loaded-demos';

/** A ControlPanel that records what a demo shows and lets a test move its controls. */
export class FakeControls implements ControlPanel {
  readouts = new Map<string, string>();
  formulas = new Map<string, string>();
  plots = new Map<
    string,
    { series: readonly PlotSeries[]; cursor?: number; kind?: PlotOptions['kind'] }
  >();
  buttons = new Map<string, { label: string; disabled: boolean; pressed: boolean }>();
  values = new Map<string, unknown>();
  handlers = new Map<string, (v: never) => void>();
  /** Each slider's top end, as the demo last set it. */
  maxima = new Map<string, number>();
  slider(o: { id: string; value: number; max: number; onInput(v: number): void }) {
    this.handlers.set(o.id, o.onInput as (v: never) => void);
    this.values.set(o.id, o.value);
    this.maxima.set(o.id, o.max);
    return {
      set: (v: number) => void this.values.set(o.id, v),
      setMax: (m: number) => void this.maxima.set(o.id, m),
    };
  }
  toggle(o: { id: string; value: boolean; onChange(v: boolean): void }) {
    this.handlers.set(o.id, o.onChange as (v: never) => void);
    this.values.set(o.id, o.value);
    return { set: (v: boolean) => void this.values.set(o.id, v) };
  }
  choice(o: { id: string; value: string; onChange(v: string): void }) {
    this.handlers.set(o.id, o.onChange as (v: never) => void);
    this.values.set(o.id, o.value);
    return { set: (v: string) => void this.values.set(o.id, v) };
  }
  button(o: { id: string; label: string; onClick(): void }) {
    this.handlers.set(o.id, o.onClick as (v: never) => void);
    const state = { label: o.label, disabled: false, pressed: false };
    this.buttons.set(o.id, state);
    return {
      setLabel: (label: string) => void (state.label = label),
      setDisabled: (d: boolean) => void (state.disabled = d),
      setPressed: (p: boolean) => void (state.pressed = p),
    };
  }
  holdButton(o: { id: string; label: string; onHold(down: boolean): void }) {
    this.handlers.set(o.id, o.onHold as (v: never) => void);
    const state = { label: o.label, disabled: false, pressed: false };
    this.buttons.set(o.id, state);
    return {
      setLabel: (label: string) => void (state.label = label),
      setDisabled: (d: boolean) => void (state.disabled = d),
      setPressed: (p: boolean) => void (state.pressed = p),
    };
  }
  /** The last message a text field showed after a submit ('' when accepted). */
  messages = new Map<string, string>();
  text(o: { id: string; value: string; onSubmit(text: string): string }) {
    this.values.set(o.id, o.value);
    this.handlers.set(
      o.id,
      ((t: string) => void this.messages.set(o.id, o.onSubmit(t))) as (v: never) => void,
    );
    return { set: (t: string) => void this.values.set(o.id, t) };
  }
  /** What a file control last showed: its message and whether it was an error. */
  fileMessages = new Map<string, { message: string; isError: boolean }>();
  /** What a file control's progress bar last showed (null: none). */
  fileProgress = new Map<string, FileProgress | null>();
  file(o: FileOptions) {
    this.handlers.set(o.id, (([name, text]: [string, string]) => {
      const shown = ({ ok, message, quiet }: { ok: boolean; message: string; quiet?: boolean }) =>
        void (quiet || this.fileMessages.set(o.id, { message, isError: !ok }));
      const r = o.onFile(name, text);
      if (r instanceof Promise) void r.then(shown);
      else shown(r);
    }) as (v: never) => void);
    return {
      show: (message: string, isError: boolean) =>
        void this.fileMessages.set(o.id, { message, isError }),
      progress: (p: FileProgress | null) => void this.fileProgress.set(o.id, p),
    };
  }
  readout(o: { id: string }) {
    return { set: (t: string) => void this.readouts.set(o.id, t) };
  }
  formula(o: { id: string }) {
    return { set: (t: string) => void this.formulas.set(o.id, t) };
  }
  plot(o: PlotOptions) {
    return {
      set: (series: readonly PlotSeries[], cursor?: number) =>
        void this.plots.set(o.id, { series, cursor, kind: o.kind }),
    };
  }
  /** Moves a control as a student would (slider value, toggle state, choice, or a click). */
  act(id: string, value?: unknown) {
    const h = this.handlers.get(id);
    if (!h) throw new Error(`no control ${id}`);
    if (value !== undefined) this.values.set(id, value);
    (h as (v: unknown) => void)(value);
  }
}

/** Creates demo `id` from raw (URL-like) parameters and runs one frame. */
export function runDemo(id: string, raw: Record<string, string> = {}) {
  const def = loadedDemo(id);
  if (!def) throw new Error(`no demo ${id}`);
  const parsed = parseParams(def.params, raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const controls = new FakeControls();
  const demo = def.create({ controls }, parsed.values);
  demo.update(1 / 60);
  return { demo, controls };
}
