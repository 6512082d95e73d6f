import { el, uniqueId } from '../dom.ts';

/**
 * The settings and readouts a figure's text does not name. Beside the canvas on a laptop they
 * follow the primary ones in the same column; on a phone they wait behind one "More" button
 * and open as a sheet over the bottom of the screen, so the canvas stays in sight above it
 * while the student changes them. Escape or Close puts the sheet away.
 */
export class MoreSheet {
  readonly element = el('div', 'demo-more');
  private readonly toggle = el('button', 'demo-more__toggle', 'More settings and readouts');
  private readonly body = el('div', 'demo-more__sheet');

  constructor(content: HTMLElement) {
    const id = uniqueId('more');
    this.body.id = id;
    this.body.setAttribute('role', 'region');
    this.body.setAttribute('aria-label', 'More settings and readouts');
    const head = el('div', 'demo-more__head');
    const close = el('button', 'demo-more__close', 'Close');
    close.type = 'button';
    close.addEventListener('click', () => this.set(false, true));
    head.append(el('strong', '', 'More'), close);
    this.body.append(head, content);
    this.toggle.type = 'button';
    this.toggle.setAttribute('aria-expanded', 'false');
    this.toggle.setAttribute('aria-controls', id);
    this.toggle.addEventListener('click', () => this.set(!this.open, false));
    this.body.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.set(false, true);
    });
    this.element.append(this.toggle, this.body);
  }

  get open(): boolean {
    return this.element.classList.contains('is-open');
  }

  close(): void {
    this.set(false, false);
  }

  private set(open: boolean, refocus: boolean): void {
    this.element.classList.toggle('is-open', open);
    this.toggle.setAttribute('aria-expanded', String(open));
    if (open)
      this.body
        .querySelector<HTMLElement>('input, select, button:not(.demo-more__close)')
        ?.focus({ preventScroll: true });
    else if (refocus) this.toggle.focus({ preventScroll: true });
  }
}
