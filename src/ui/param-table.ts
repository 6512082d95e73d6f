import { allowedValues, type ParamSchema } from '../demos/params';
import { el } from './dom';

/** A demo's parameters as a table: name, meaning, what is allowed, default. */
export function paramTable(params: ParamSchema, caption?: string): HTMLTableElement {
  const table = el('table', 'gallery__params');
  if (caption) table.append(el('caption', 'visually-hidden', caption));
  const head = el('thead');
  const row = el('tr');
  for (const h of ['Parameter', 'Meaning', 'Allowed', 'Default']) row.append(el('th', '', h));
  head.append(row);
  const body = el('tbody');
  for (const [name, spec] of Object.entries(params)) {
    const tr = el('tr');
    tr.append(
      el('td', '', name),
      el('td', '', spec.label),
      el('td', '', allowedValues(spec)),
      el('td', '', String(spec.default)),
    );
    body.append(tr);
  }
  table.append(head, body);
  return table;
}
