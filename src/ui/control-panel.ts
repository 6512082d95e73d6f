import type {
  ButtonControl,
  ButtonOptions,
  ChoiceOptions,
  ControlPanel,
  FileControl,
  FileOptions,
  FileProgress,
  HoldButtonOptions,
  PlotControl,
  PlotOptions,
  SliderControl,
  SliderOptions,
  TextControl,
  TextOptions,
  ToggleOptions,
  ValueControl,
} from '../demos/contract';
import { el, uniqueId } from './dom';
import { afterFirstDemo } from './after-first-demo';

/**
 * The DOM ControlPanel: real <input>s so keyboard, touch and screen readers work, laid out
 * under the canvas. Every control and readout carries data-control / data-readout = its id.
 */
export class DomControlPanel implements ControlPanel {
  readonly element = el('div', 'demo-controls');
  private readonly inputs = el('div', 'demo-inputs');
  private readonly readouts = el('dl', 'demo-readouts');
  private readonly formulas = el('div', 'demo-formulas');
  private readonly plots = el('div', 'demo-plots');
  /** Step, Play and the like (ButtonOptions.stepBar), once a demo has any. */
  private readonly stepBar = el('div', 'demo-stepbar');
  /** What the last step did (readouts with stepBar), right under the step buttons. */
  private readonly stepNote = el('dl', 'demo-readouts demo-stepnote');

  constructor() {
    this.element.append(this.inputs, this.formulas, this.readouts, this.plots);
  }

  /**
   * A stepping (or walking) figure reads top to bottom as: its step buttons, what the step did
   * (its own readouts, then formulas and the other readouts), then the settings.
   */
  private toStepBar(b: HTMLButtonElement | null): void {
    if (this.stepBar.parentNode !== this.element) {
      this.element.classList.add('demo-controls--stepping');
      this.element.replaceChildren(
        this.stepBar,
        this.stepNote,
        this.formulas,
        this.readouts,
        this.inputs,
        this.plots,
      );
    }
    if (b) this.stepBar.append(b);
  }

  /** Empties the panel for a new instance of its demo (a figure reset to its preset). */
  clear(): void {
    const parts = [this.stepBar, this.stepNote, this.inputs, this.formulas, this.readouts];
    for (const part of [...parts, this.plots]) part.replaceChildren();
    this.element.classList.remove('demo-controls--stepping');
    this.element.replaceChildren(this.inputs, this.formulas, this.readouts, this.plots);
  }

  slider(o: SliderOptions): SliderControl {
    const id = uniqueId(o.id);
    let max = o.max;
    const wrap = el('div', 'control control--slider');
    const label = el('label', '', o.label);
    label.htmlFor = id;
    // A log slider moves in log10 of the value; the value itself is what the demo gets.
    const log = o.log === true && o.min > 0;
    const toRange = (v: number) => (log ? Math.log10(Math.max(o.min, v)) : v);
    const fromRange = (r: number) => {
      if (!log) return r;
      const v = 10 ** r;
      const rounded = o.step >= 1 ? Math.round(v / o.step) * o.step : Number(v.toPrecision(2));
      return Math.min(max, Math.max(o.min, rounded));
    };
    const input = el('input');
    Object.assign(input, {
      type: 'range',
      id,
      min: String(toRange(o.min)),
      max: String(toRange(o.max)),
      step: log ? 'any' : String(o.step),
      value: String(toRange(o.value)),
    });
    input.dataset.control = o.id;
    if (log) input.dataset.scale = 'log';
    // The value, which can also be typed: an exact number the slider's steps cannot reach.
    const typed = el('input', 'control__value');
    Object.assign(typed, { type: 'text', inputMode: 'decimal', spellcheck: false });
    typed.setAttribute('aria-label', `${o.label}: type a value`);
    typed.dataset.typed = o.id;
    const unit = el('span', 'control__unit', o.unit ?? '');
    const message = el('p', 'control__message');
    message.setAttribute('role', 'status');
    const show = (v: number) => {
      typed.value = String(+v.toPrecision(6));
      typed.removeAttribute('aria-invalid');
      message.textContent = '';
    };
    show(o.value);
    input.addEventListener('input', () => {
      const v = fromRange(Number(input.value));
      show(v);
      o.onInput(v);
    });
    const commit = () => {
      const text = typed.value.trim().replace('−', '-').replace(',', '.');
      const v = Number(text);
      if (text === '' || !Number.isFinite(v) || v < o.min || v > max) {
        typed.setAttribute('aria-invalid', 'true');
        message.textContent = `${o.label}: type a number from ${o.min} to ${max}${text ? `, not “${typed.value.trim()}”` : ''}.`;
        return;
      }
      input.value = String(toRange(v));
      show(v);
      o.onInput(v);
    };
    typed.addEventListener('change', commit);
    typed.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') commit();
    });
    const value = el('span', 'control__typed');
    value.append(typed, unit);
    wrap.append(label, input, value, message);
    this.inputs.append(wrap);
    return {
      set: (v) => {
        input.value = String(toRange(v));
        // A demo may set its slider every frame (a clip's time): never under a student's typing.
        if (document.activeElement !== typed && typed.value !== String(+v.toPrecision(6))) show(v);
      },
      setMax: (m) => {
        max = m;
        input.max = String(toRange(m));
      },
    };
  }

  toggle(o: ToggleOptions): ValueControl<boolean> {
    const wrap = el('label', 'control control--toggle');
    const input = el('input');
    input.type = 'checkbox';
    input.checked = o.value;
    input.dataset.control = o.id;
    input.addEventListener('change', () => o.onChange(input.checked));
    wrap.append(input, document.createTextNode(' ' + o.label));
    this.inputs.append(wrap);
    return { set: (v) => (input.checked = v) };
  }

  choice(o: ChoiceOptions): ValueControl<string> {
    const id = uniqueId(o.id);
    const wrap = el('div', 'control control--choice');
    const label = el('label', '', o.label);
    label.htmlFor = id;
    const select = el('select');
    select.id = id;
    select.dataset.control = o.id;
    for (const opt of o.options) select.append(new Option(opt, opt, false, opt === o.value));
    select.addEventListener('change', () => o.onChange(select.value));
    wrap.append(label, select);
    this.inputs.append(wrap);
    return { set: (v) => (select.value = v) };
  }

  button(o: ButtonOptions): ButtonControl {
    const { element, control } = this.makeButton(o, 'control control--button');
    element.addEventListener('click', () => o.onClick());
    return control;
  }

  holdButton(o: HoldButtonOptions): ButtonControl {
    const { element: b, control } = this.makeButton(o, 'control control--button control--hold');
    let held = false;
    const set = (down: boolean) => {
      if (down === held) return;
      held = down;
      b.classList.toggle('is-held', down);
      b.setAttribute('aria-pressed', String(down));
      o.onHold(down);
    };
    b.addEventListener('pointerdown', (e) => {
      e.preventDefault(); // no text selection or long-press menu while walking
      b.setPointerCapture(e.pointerId);
      set(true);
    });
    for (const end of ['pointerup', 'pointercancel', 'lostpointercapture'] as const)
      b.addEventListener(end, () => set(false));
    b.addEventListener('contextmenu', (e) => e.preventDefault());
    b.addEventListener('keydown', (e) => {
      if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        set(true);
      }
    });
    b.addEventListener('keyup', (e) => {
      if (e.key === ' ' || e.key === 'Enter') set(false);
    });
    b.addEventListener('blur', () => set(false));
    return control;
  }

  /** A <button> in the controls, with its id, label and tooltip, and the handle demos keep. */
  private makeButton(
    o: { id: string; label: string; title?: string; stepBar?: boolean },
    className: string,
  ): { element: HTMLButtonElement; control: ButtonControl } {
    const b = el('button', className, o.label);
    b.type = 'button';
    b.dataset.control = o.id;
    if (o.title) b.title = o.title;
    if (o.stepBar) this.toStepBar(b);
    else this.inputs.append(b);
    return {
      element: b,
      control: {
        setLabel: (label) => {
          if (b.textContent !== label) b.textContent = label;
        },
        setDisabled: (disabled) => (b.disabled = disabled),
        setPressed: (pressed) => b.setAttribute('aria-pressed', String(pressed)),
      },
    };
  }

  text(o: TextOptions): TextControl {
    const id = uniqueId(o.id);
    const form = el('form', 'control control--text');
    const label = el('label', '', o.label);
    label.htmlFor = id;
    const input = el('input');
    Object.assign(input, { type: 'text', id, value: o.value, autocomplete: 'off' });
    if (o.placeholder) input.placeholder = o.placeholder;
    input.dataset.control = o.id;
    const submit = el('button', 'control--button', o.submitLabel);
    submit.type = 'submit';
    submit.dataset.control = `${o.id}-submit`;
    const message = el('span', 'control-message');
    message.id = `${id}-message`;
    message.setAttribute('role', 'status');
    input.setAttribute('aria-describedby', message.id);
    const show = (problem: string) => {
      message.textContent = problem;
      form.classList.toggle('is-invalid', problem !== '');
      input.setAttribute('aria-invalid', String(problem !== ''));
    };
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      show(o.onSubmit(input.value));
    });
    form.append(label, input, submit, message);
    this.inputs.append(form);
    return {
      set: (text) => {
        input.value = text;
        show(''); // a new text has not been judged yet
      },
    };
  }

  file(o: FileOptions): FileControl {
    const id = uniqueId(o.id);
    const wrap = el('div', 'control control--file');
    const label = el('label', '', o.label);
    label.htmlFor = id;
    const input = el('input');
    Object.assign(input, { type: 'file', id, accept: o.accept });
    input.dataset.control = o.id;
    const message = el('span', 'control-message');
    message.setAttribute('role', 'status');
    const show = (text: string, isError: boolean) => {
      message.textContent = text;
      wrap.classList.toggle('is-invalid', isError && text !== '');
    };
    // A long read's bar, what it is doing, and Stop: made on first use.
    let bar: {
      box: HTMLElement;
      meter: HTMLProgressElement;
      text: HTMLElement;
      stop: HTMLButtonElement;
    } | null = null;
    let cancel: (() => void) | null = null;
    const progress = (p: FileProgress | null) => {
      if (!p) {
        bar?.box.remove();
        bar = null;
        cancel = null;
        return;
      }
      if (!bar) {
        const box = el('div', 'control-progress');
        const meter = el('progress');
        meter.max = 1;
        const text = el('span', 'control-progress__text');
        const stop = el('button', 'control-progress__stop', 'Stop');
        stop.type = 'button';
        stop.addEventListener('click', () => cancel?.());
        box.append(meter, text, stop);
        wrap.insertBefore(box, message);
        bar = { box, meter, text, stop };
      }
      cancel = p.onCancel;
      bar.meter.value = p.fraction;
      bar.meter.setAttribute('aria-label', p.label);
      bar.text.textContent = `${p.label} · ${Math.round(p.fraction * 100)}%`;
    };
    input.addEventListener('change', () => {
      const f = input.files?.[0];
      if (!f) return;
      const read =
        o.large && f.size >= o.large.size
          ? o.large.take(f.name, f)
          : f.text().then((text) => o.onFile(f.name, text));
      void read.then((result) => {
        if (result.quiet) return;
        show(result.message, !result.ok);
        input.value = ''; // the same file may be chosen again after editing it
      });
    });
    wrap.append(label, input, message);
    this.inputs.append(wrap);
    return { show, progress };
  }

  /** Plots come after the page's first demo runs; what they were told meanwhile, they show. */
  plot(o: PlotOptions): PlotControl {
    const slot = el('div', 'plot-slot');
    this.plots.append(slot);
    let plot: PlotControl | null = null;
    let pending: Parameters<PlotControl['set']> | null = null;
    void afterFirstDemo()
      .then(() => import('./svg-plot'))
      .then(({ SvgPlot }) => {
        const p = new SvgPlot(o);
        slot.replaceWith(p.element);
        plot = p;
        if (pending) p.set(...pending);
      });
    return {
      set: (...args) => {
        if (plot) plot.set(...args);
        else pending = args;
      },
    };
  }

  readout(o: { id: string; label: string; stepBar?: boolean }): { set(text: string): void } {
    const dt = el('dt', '', o.label);
    const dd = el('dd');
    const out = el('output');
    out.dataset.readout = o.id;
    out.setAttribute('aria-live', 'off');
    dd.append(out);
    if (o.stepBar) {
      this.toStepBar(null);
      this.stepNote.append(dt, dd);
    } else this.readouts.append(dt, dd);
    let last = '';
    return {
      set: (text) => {
        if (text !== last) out.textContent = last = text;
      },
    };
  }

  formula(o: { id: string }): { set(tex: string): void } {
    const box = el('div', 'demo-formula');
    box.dataset.formula = o.id;
    this.formulas.append(box);
    let last = '';
    return {
      set: (tex) => {
        if (tex === last) return;
        last = tex;
        // KaTeX loads with the first formula a page shows, not with every control panel (the
        // playground's solver panel has none), and after the page's first demo runs.
        void afterFirstDemo()
          .then(() => import('./katex-render'))
          .then(({ renderTexSoon }) => {
            if (last === tex) renderTexSoon(tex, box);
          });
      },
    };
  }
}
