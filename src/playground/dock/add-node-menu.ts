import type { NodeTypes } from '../../scene/node-type.ts';
import { el } from '../../ui/dom.ts';
import { MenuButton } from '../../ui/menu-button.ts';
import { nodeIcon } from '../../ui/node-icons.ts';

/**
 * "Add child": a menu of every node type the playground can add, each with its icon and one
 * line saying what it is for.
 */
export function addNodeMenu(types: NodeTypes, onPick: (typeName: string) => void): MenuButton {
  const m = new MenuButton(
    '+ Add child',
    'Add a child node to the selected node (Ctrl+A or Insert in the tree)',
  );
  m.element.classList.add('pg-add');
  m.button.dataset.action = 'add';
  m.menu.setAttribute('aria-label', 'Node types');
  for (const type of types.list) {
    if (!type.create) continue;
    const icon = el('span', 'pg-add__icon', nodeIcon(type.name));
    icon.setAttribute('aria-hidden', 'true');
    const item = m.item(
      [icon, el('span', 'pg-add__name', type.name), el('span', 'pg-add__summary', type.summary)],
      () => onPick(type.name),
    );
    item.classList.add('pg-add__item');
    item.dataset.type = type.name;
  }
  return m;
}
