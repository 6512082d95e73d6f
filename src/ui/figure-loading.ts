import { el } from './dom.ts';

/**
 * What a figure shows while its code loads: its title and a progress line, or why the code
 * could not be loaded and a "Try again" that loads it anew.
 */
export class FigureLoading {
  readonly element = el('div', 'demo-loading');
  private readonly line = el('span', 'demo-loading__line', '');

  constructor(title: string) {
    this.element.setAttribute('role', 'status');
    this.element.append(el('strong', '', title), this.line);
  }

  loading(): void {
    this.line.textContent = 'Loading the demo…';
  }

  failed(error: Error, retry: () => void): void {
    this.line.textContent = `The demo's code could not be loaded (${error.message}). Check the connection, then try again.`;
    const button = el('button', 'demo-loading__retry', 'Try again');
    button.type = 'button';
    button.addEventListener('click', () => {
      button.remove();
      retry();
    });
    this.line.append(' ', button);
  }

  done(): void {
    this.element.remove();
  }
}
