import type { ChoiceOptions, ToggleOptions, ValueControl } from '../../demos/contract.ts';
import { el, uniqueId } from '../dom.ts';
import { describe } from './describe.ts';

/** A checkbox with its label. */
export function toggle(o: ToggleOptions, into: HTMLElement): ValueControl<boolean> {
  const wrap = el('label', 'control control--toggle');
  const input = el('input');
  input.type = 'checkbox';
  input.checked = o.value;
  input.dataset.control = o.id;
  input.addEventListener('change', () => o.onChange(input.checked));
  wrap.append(input, document.createTextNode(' ' + o.label));
  describe(wrap, input, o.help);
  into.append(wrap);
  return { set: (v) => (input.checked = v) };
}

/** A select of named options, with its label. */
export function choice(o: ChoiceOptions, into: HTMLElement): ValueControl<string> {
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
  describe(wrap, select, o.help);
  into.append(wrap);
  return { set: (v) => (select.value = v) };
}
