import { el, uniqueId } from '../dom.ts';

/**
 * Gives a control its help sentence: a tooltip for a pointer, and a description screen readers
 * read with the control (`aria-describedby`), so touch and keyboard users hear it too.
 */
export function describe(wrap: HTMLElement, control: HTMLElement, help: string | undefined): void {
  if (!help) return;
  wrap.title = help;
  const note = el('span', 'visually-hidden', help);
  note.id = uniqueId('help');
  wrap.append(note);
  control.setAttribute('aria-describedby', note.id);
}
