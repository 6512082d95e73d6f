import type { FigureDescription } from '../demos/description.ts';
import { allowedValues, type ParamSchema } from '../demos/params.ts';
import { el } from './dom.ts';

/**
 * A demo's parameters as a table: name, meaning, what is allowed, default. `description`, when
 * given, adds each setting's help under its label as it arrives: the same sentence the figure
 * gives its control.
 */
export function paramTable(
  params: ParamSchema,
  caption?: string,
  description?: Promise<FigureDescription>,
): HTMLTableElement {
  const table = el('table', 'gallery__params');
  if (caption) table.append(el('caption', 'visually-hidden', caption));
  const head = el('thead');
  const row = el('tr');
  for (const h of ['Parameter', 'Meaning', 'Allowed', 'Default']) row.append(el('th', '', h));
  head.append(row);
  const body = el('tbody');
  const meanings = new Map<string, HTMLElement>();
  for (const [name, spec] of Object.entries(params)) {
    const tr = el('tr');
    const meaning = el('td', '', spec.label);
    meanings.set(name, meaning);
    tr.append(
      el('td', '', name),
      meaning,
      el('td', '', allowedValues(spec)),
      el('td', '', String(spec.default)),
    );
    body.append(tr);
  }
  table.append(head, body);
  void description?.then((d) => {
    for (const [name, help] of Object.entries(d.help ?? {}))
      if (help) meanings.get(name)?.append(el('span', 'param-help', help));
  });
  return table;
}
