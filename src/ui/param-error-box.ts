import type { ParamError } from '../demos/params.ts';
import { el, errorBox } from './dom.ts';

/** The message for bad parameters: one line per parameter, naming it and what it accepts. */
export function paramErrorBox(errors: readonly ParamError[]): HTMLElement {
  const box = errorBox();
  box.append(
    el(
      'strong',
      '',
      errors.length === 1
        ? 'One parameter was not understood; its default is used:'
        : `${errors.length} parameters were not understood; their defaults are used:`,
    ),
  );
  const list = el('ul');
  for (const e of errors) {
    const li = el('li', '', e.message);
    li.dataset.param = e.param;
    list.append(li);
  }
  box.append(list);
  return box;
}
