import type { NodeTypes } from '../../scene/node-type';
import { el } from '../../ui/dom';
import { nodeIcon } from '../../ui/node-icons';

/**
 * "Add child": a menu button listing every node type the playground can add, each with its
 * icon and one line saying what it is for. Arrow keys move through it, Enter adds, Escape
 * closes and gives focus back to the button.
 */
export class AddNodeMenu {
  readonly element = el('div', 'pg-add');
  readonly button = el('button', 'pg-add__button', '+ Add child');
  private readonly menu = el('div', 'pg-add__menu');
  private readonly items: HTMLButtonElement[] = [];

  constructor(
    types: NodeTypes,
    private readonly onPick: (typeName: string) => void,
  ) {
    const b = this.button;
    b.type = 'button';
    b.title = 'Add a child node to the selected node (Ctrl+A or Insert in the tree)';
    b.setAttribute('aria-haspopup', 'menu');
    b.setAttribute('aria-expanded', 'false');
    b.dataset.action = 'add';
    this.menu.setAttribute('role', 'menu');
    this.menu.setAttribute('aria-label', 'Node types');
    this.menu.hidden = true;
    for (const type of types.list) {
      if (!type.create) continue;
      const item = el('button', 'pg-add__item');
      item.type = 'button';
      item.setAttribute('role', 'menuitem');
      item.tabIndex = -1;
      item.dataset.type = type.name;
      const icon = el('span', 'pg-add__icon', nodeIcon(type.name));
      icon.setAttribute('aria-hidden', 'true');
      item.append(
        icon,
        el('span', 'pg-add__name', type.name),
        el('span', 'pg-add__summary', type.summary),
      );
      item.addEventListener('click', () => {
        this.close(false);
        this.onPick(type.name);
      });
      this.items.push(item);
      this.menu.append(item);
    }
    b.addEventListener('click', () => (this.menu.hidden ? this.open() : this.close(true)));
    b.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown' && this.menu.hidden) {
        e.preventDefault();
        this.open();
      }
    });
    this.menu.addEventListener('keydown', (e) => this.key(e));
    this.menu.addEventListener('focusout', (e) => {
      if (!this.element.contains(e.relatedTarget as Node | null)) this.close(false);
    });
    this.element.append(b, this.menu);
  }

  open(): void {
    this.menu.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    this.items[0]?.focus();
  }

  close(focusButton: boolean): void {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    if (focusButton) this.button.focus();
  }

  private key(e: KeyboardEvent): void {
    const i = this.items.indexOf(document.activeElement as HTMLButtonElement);
    const go = (j: number) => this.items[(j + this.items.length) % this.items.length]?.focus();
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(this.items.length - 1);
    else if (e.key === 'Escape') this.close(true);
    else return;
    e.preventDefault();
  }
}
