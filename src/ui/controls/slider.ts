import type { SliderControl, SliderOptions } from '../../demos/contract.ts';
import { el, uniqueId } from '../dom.ts';
import { describe } from './describe.ts';

/**
 * A slider with its value beside it, which can also be typed: an exact number the slider's
 * steps cannot reach. A log slider moves in log10 of the value; the figure gets the value.
 */
export function slider(o: SliderOptions, into: HTMLElement): SliderControl {
  const id = uniqueId(o.id);
  let max = o.max;
  const wrap = el('div', 'control control--slider');
  const label = el('label', '', o.label);
  label.htmlFor = id;
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
  describe(wrap, input, o.help);
  into.append(wrap);
  return {
    set: (v) => {
      input.value = String(toRange(v));
      // A figure may set its slider every frame (a clip's time): never under a student's typing.
      if (document.activeElement !== typed && typed.value !== String(+v.toPrecision(6))) show(v);
    },
    setMax: (m) => {
      max = m;
      input.max = String(toRange(m));
    },
  };
}
