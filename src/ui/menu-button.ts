import { el } from './dom.ts';

/**
 * A button that opens a menu, as ARIA's menu-button pattern has it: ↓ or a click opens it with
 * focus on the first item, ↑/↓/Home/End move through the items, Enter picks, Escape closes and
 * gives focus back to the button, and leaving the menu closes it.
 */
export class MenuButton {
  readonly element = el('div', 'menu-button');
  readonly button: HTMLButtonElement;
  readonly menu = el('div', 'menu-button__menu');

  constructor(label: string, title: string) {
    this.button = el('button', 'menu-button__button', label);
    this.button.type = 'button';
    this.button.title = title;
    this.button.setAttribute('aria-haspopup', 'menu');
    this.button.setAttribute('aria-expanded', 'false');
    this.menu.setAttribute('role', 'menu');
    this.menu.hidden = true;
    this.button.addEventListener('click', () =>
      this.menu.hidden ? this.open() : this.close(true),
    );
    this.button.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown' && this.menu.hidden) {
        e.preventDefault();
        this.open();
      }
    });
    this.menu.addEventListener('keydown', (e) => this.key(e));
    this.menu.addEventListener('focusout', (e) => {
      if (!this.element.contains(e.relatedTarget as Node | null)) this.close(false);
    });
    this.element.append(this.button, this.menu);
  }

  /** Adds an item: `content` is what it shows; picking it closes the menu, then runs `pick`. */
  item(content: Node[], pick: () => void): HTMLButtonElement {
    const b = el('button', 'menu-button__item');
    b.type = 'button';
    b.setAttribute('role', 'menuitem');
    b.tabIndex = -1;
    b.append(...content);
    b.addEventListener('click', () => {
      this.close(false);
      pick();
    });
    this.menu.append(b);
    return b;
  }

  open(): void {
    this.menu.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    this.items()[0]?.focus();
  }

  close(focusButton: boolean): void {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    if (focusButton) this.button.focus();
  }

  private items(): HTMLButtonElement[] {
    return [...this.menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  }

  private key(e: KeyboardEvent): void {
    const items = this.items();
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    const go = (j: number) => items[(j + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') this.close(true);
    else return;
    e.preventDefault();
  }
}
