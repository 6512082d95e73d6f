import type {
  ButtonControl,
  ButtonOptions,
  ChoiceOptions,
  ControlPanel,
  FileControl,
  FileOptions,
  HoldButtonOptions,
  Placement,
  PlotControl,
  PlotOptions,
  SliderControl,
  SliderOptions,
  TextControl,
  TextOptions,
  ToggleOptions,
  ValueControl,
} from '../demos/contract.ts';
import { button } from './controls/buttons.ts';
import { MoreSheet } from './controls/more-sheet.ts';
import { formula, plot, readout } from './controls/shown-values.ts';
import { slider } from './controls/slider.ts';
import { choice, toggle } from './controls/toggle.ts';
import { el } from './dom.ts';

/**
 * A kind of control few figures have (a hold button, a text field, a file picker): its module
 * comes when a figure asks for one, so a page of plain sliders never loads it. The control
 * takes its place in a slot at once, and the figure's calls made meanwhile wait for it.
 */
function later<C extends object>(
  methods: readonly (keyof C & string)[],
  into: HTMLElement,
  build: () => Promise<(into: HTMLElement) => C>,
): C {
  const slot = el('span', 'control-slot');
  into.append(slot);
  let real: C | null = null;
  const waiting: [keyof C, unknown[]][] = [];
  void build().then((make) => {
    const made = document.createDocumentFragment() as unknown as HTMLElement;
    real = make(made);
    slot.replaceWith(made);
    for (const [m, args] of waiting.splice(0)) (real[m] as (...a: unknown[]) => void)(...args);
  });
  const proxy: Record<string, (...a: unknown[]) => void> = {};
  for (const m of methods)
    proxy[m] = (...args) => {
      if (real) (real[m] as (...a: unknown[]) => void)(...args);
      else waiting.push([m, args]);
    };
  return proxy as C;
}

/** One group of a figure's controls: settings and buttons, readouts, formulas, plots. */
class Section {
  readonly inputs = el('div', 'demo-inputs');
  readonly readouts = el('dl', 'demo-readouts');
  readonly formulas = el('div', 'demo-formulas');
  readonly plots = el('div', 'demo-plots');
  constructor(readonly element: HTMLElement) {
    element.append(this.inputs, this.readouts, this.formulas, this.plots);
  }
  get empty(): boolean {
    return [this.inputs, this.readouts, this.formulas, this.plots].every((p) => !p.firstChild);
  }
}

/**
 * The DOM ControlPanel: real inputs (keyboard, touch and screen readers work), each kind built
 * by its own module in ./controls, placed where its description says. Top to bottom: the step
 * bar and what the step did, the primary group (what the lesson text names), then the rest
 * under "More" (inline beside the canvas on a laptop, a sheet on a phone). Every control and
 * readout carries data-control / data-readout = its id.
 */
export class DomControlPanel implements ControlPanel {
  readonly element = el('div', 'demo-controls');
  /** Step, Play and the like, and what the last step did, right under the canvas. */
  private readonly stepBar = el('div', 'demo-stepbar');
  private readonly stepNote = el('dl', 'demo-readouts demo-stepnote');
  private readonly primary = new Section(el('div', 'demo-section demo-section--primary'));
  private readonly more = new Section(el('div', 'demo-section demo-section--more'));
  private readonly sheet = new MoreSheet(this.more.element);

  constructor() {
    this.element.append(this.stepBar, this.stepNote, this.primary.element, this.sheet.element);
    this.refresh();
  }

  /** Where a line of text about the figure goes (its keys): at the end of the primary group. */
  note(line: HTMLElement): void {
    this.primary.element.append(line);
  }

  /** Empties the panel for a new instance of its figure (a figure reset to its preset). */
  clear(): void {
    for (const s of [this.primary, this.more])
      for (const part of [s.inputs, s.readouts, s.formulas, s.plots]) part.replaceChildren();
    this.stepBar.replaceChildren();
    this.stepNote.replaceChildren();
    this.sheet.close();
    this.refresh();
  }

  private section(p: Placement | undefined): Section {
    return p === 'primary' ? this.primary : this.more;
  }

  /** Shows the step bar and "More" only when they hold something. */
  private refresh(): void {
    this.stepBar.hidden = !this.stepBar.firstChild;
    this.stepNote.hidden = !this.stepNote.firstChild;
    this.element.classList.toggle('demo-controls--stepping', !this.stepBar.hidden);
    this.sheet.element.hidden = this.more.empty;
  }

  private put<T>(make: (into: HTMLElement) => T, into: HTMLElement): T {
    const made = make(into);
    this.refresh();
    return made;
  }

  slider(o: SliderOptions): SliderControl {
    return this.put((into) => slider(o, into), this.section(o.placement).inputs);
  }
  toggle(o: ToggleOptions): ValueControl<boolean> {
    return this.put((into) => toggle(o, into), this.section(o.placement).inputs);
  }
  choice(o: ChoiceOptions): ValueControl<string> {
    return this.put((into) => choice(o, into), this.section(o.placement).inputs);
  }
  button(o: ButtonOptions): ButtonControl {
    const into =
      o.stepBar || o.placement === 'stepBar' ? this.stepBar : this.section(o.placement).inputs;
    return this.put((i) => button(o, i), into);
  }
  holdButton(o: HoldButtonOptions): ButtonControl {
    const into =
      o.stepBar || o.placement === 'stepBar' ? this.stepBar : this.section(o.placement).inputs;
    const kind = () =>
      import('./controls/hold-button.ts').then((m) => (at: HTMLElement) => m.holdButton(o, at));
    return this.put((i) => later(['setLabel', 'setDisabled', 'setPressed'], i, kind), into);
  }
  text(o: TextOptions): TextControl {
    const kind = () =>
      import('./controls/text-field.ts').then((m) => (at: HTMLElement) => m.textField(o, at));
    return this.put((i) => later(['set'], i, kind), this.section(o.placement).inputs);
  }
  file(o: FileOptions): FileControl {
    const kind = () =>
      import('./controls/file-picker.ts').then((m) => (at: HTMLElement) => m.filePicker(o, at));
    return this.put((i) => later(['show', 'progress'], i, kind), this.section(o.placement).inputs);
  }
  plot(o: PlotOptions): PlotControl {
    return this.put((into) => plot(o, into), this.section(o.placement).plots);
  }
  readout(o: Parameters<ControlPanel['readout']>[0]): { set(text: string): void } {
    const into =
      o.stepBar || o.placement === 'stepBar' ? this.stepNote : this.section(o.placement).readouts;
    return this.put((i) => readout(o, i), into);
  }
  formula(o: Parameters<ControlPanel['formula']>[0]): { set(tex: string): void } {
    return this.put((into) => formula(o, into), this.section(o.placement).formulas);
  }
}
