import type { Vec2 } from '../../math/vec2.ts';
import type { Node } from '../../scene/node.ts';
import { el } from '../../ui/dom.ts';
import { nodeIcon } from '../../ui/node-icons.ts';
import type { SceneEditor } from '../editor/scene-editor.ts';
import type { MenuButton } from '../../ui/menu-button.ts';
import { addNodeMenu } from './add-node-menu.ts';

type Zone = 'before' | 'inside' | 'after';

/**
 * The scene dock, as Godot's: the tree with an icon per type; add a child of any type, rename
 * (F2), duplicate (Ctrl+D), delete (Delete), reorder (Alt+↑/↓), move out of or under a sibling
 * (Alt+←/→), or drag a node onto another. Arrow keys move the selection (← → fold and unfold).
 * Every edit goes through the editor, so each is one undo step; a refused edit says why here.
 */
export class SceneDock {
  readonly element = el('section', 'pg-dock');
  private readonly tree = el('ul', 'pg-tree');
  private readonly message = el('p', 'pg-dock__message');
  private readonly folded = new WeakSet<Node>();
  private rows = new Map<Node, HTMLElement>();
  private dragged: Node | null = null;
  private renaming: Node | null = null;
  private readonly addMenu: MenuButton;

  constructor(
    private readonly editor: SceneEditor,
    /** Where a new Node2D goes (the centre of the canvas), in scene units. */
    private readonly placeNew: () => Vec2,
  ) {
    const heading = el('h2', 'pg-panel__title', 'Scene');
    heading.id = 'pg-dock-title';
    const add = addNodeMenu(editor.types, (type) => this.add(type));
    const bar = el('div', 'pg-dock__bar');
    bar.append(
      add.element,
      this.button('rename', '✎', 'Rename (F2)', () => this.startRename()),
      this.button('duplicate', '❐', 'Duplicate (Ctrl+D)', () => this.act((n) => this.duplicate(n))),
      this.button('delete', '✕', 'Delete (Delete)', () => this.act((n) => this.editor.remove(n))),
      this.button('up', '↑', 'Move up among its siblings (Alt+↑)', () =>
        this.act((n) => this.editor.shift(n, -1)),
      ),
      this.button('down', '↓', 'Move down among its siblings (Alt+↓)', () =>
        this.act((n) => this.editor.shift(n, 1)),
      ),
      this.button('outdent', '←', 'Move out of its parent (Alt+←)', () =>
        this.act((n) => this.editor.outdent(n)),
      ),
      this.button('indent', '→', 'Move under the sibling above (Alt+→)', () =>
        this.act((n) => this.editor.indent(n)),
      ),
    );
    this.tree.setAttribute('role', 'tree');
    this.tree.setAttribute('aria-labelledby', heading.id);
    this.message.setAttribute('role', 'alert');
    this.element.append(heading, bar, this.tree, this.message);
    this.tree.addEventListener('keydown', (e) => this.key(e));
    editor.changed.connect((kind) => {
      // Property edits leave the tree as it is (a rename is a structural edit).
      if (kind === 'property') return;
      if (kind === 'selection') this.showSelection();
      else this.rebuild();
    });
    this.addMenu = add;
    this.rebuild();
  }

  /** Opens the add-child menu (Ctrl+A, Insert). */
  openAddMenu(): void {
    this.addMenu.open();
  }

  say(text: string): void {
    this.message.textContent = text;
  }

  private button(action: string, glyph: string, title: string, run: () => void): HTMLButtonElement {
    const b = el('button', 'pg-dock__action', glyph);
    b.type = 'button';
    b.title = title;
    b.setAttribute('aria-label', title);
    b.dataset.action = action;
    b.addEventListener('click', run);
    return b;
  }

  private target(): Node {
    return this.editor.selected ?? this.editor.root;
  }

  private act(edit: (n: Node) => string): void {
    this.say(edit(this.target()));
  }

  private add(typeName: string): void {
    const parent = this.target();
    const made = this.editor.addNode(parent, typeName, this.placeNew());
    if (typeof made === 'string') return this.say(made);
    this.folded.delete(parent);
    this.say('');
    this.editor.select(made);
    this.rows.get(made)?.focus();
  }

  private duplicate(n: Node): string {
    const copy = this.editor.duplicate(n);
    if (typeof copy === 'string') return copy;
    this.editor.select(copy);
    return '';
  }

  private rebuild(): void {
    const hadFocus = this.tree.contains(document.activeElement);
    this.tree.replaceChildren();
    this.rows.clear();
    const selected = this.editor.selected;
    // Unfold the way to the selection, so the selected node always has a row.
    for (let p = selected?.parent ?? null; p; p = p.parent) this.folded.delete(p);
    this.editor.root.walk((node, depth) => {
      const row = this.row(node, depth, node === selected);
      this.tree.append(row);
      this.rows.set(node, row);
      return !this.folded.has(node);
    });
    const current = this.rows.get(selected ?? this.editor.root);
    if (current) current.tabIndex = 0;
    if (hadFocus && !this.renaming) current?.focus();
  }

  /**
   * A new selection moves the highlight and the tab stop between two rows; the tree is rebuilt
   * only when the selected node had no row (it was folded away).
   */
  private showSelection(): void {
    const node = this.editor.selected ?? this.editor.root;
    const row = this.rows.get(node);
    if (!row) return this.rebuild();
    const hadFocus = this.tree.contains(document.activeElement);
    for (const r of this.tree.querySelectorAll<HTMLElement>(
      '[aria-selected="true"], [tabindex="0"]',
    )) {
      r.setAttribute('aria-selected', 'false');
      r.tabIndex = -1;
    }
    row.setAttribute('aria-selected', String(this.editor.selected === node));
    row.tabIndex = 0;
    if (hadFocus && !this.renaming) row.focus();
  }

  private row(node: Node, depth: number, selected: boolean): HTMLElement {
    const li = el('li', 'pg-tree__row');
    li.setAttribute('role', 'treeitem');
    li.setAttribute('aria-level', String(depth + 1));
    li.setAttribute('aria-selected', String(selected));
    li.tabIndex = -1;
    li.dataset.node = node.name;
    li.dataset.path = node.path;
    li.style.paddingLeft = `${0.4 + depth * 1.1}rem`;
    const hasChildren = node.children.length > 0;
    if (hasChildren) li.setAttribute('aria-expanded', String(!this.folded.has(node)));
    const fold = el(
      'span',
      'pg-tree__fold',
      hasChildren ? (this.folded.has(node) ? '▸' : '▾') : '',
    );
    fold.setAttribute('aria-hidden', 'true');
    fold.addEventListener('click', (e) => {
      e.stopPropagation();
      this.toggleFold(node);
    });
    const icon = el('span', 'pg-tree__icon', nodeIcon(node.typeName));
    icon.setAttribute('aria-hidden', 'true');
    const name = el('span', 'pg-tree__name', node.name);
    const type = el('span', 'pg-tree__type', node.typeName);
    li.append(fold, icon, name, type);
    li.setAttribute('aria-label', `${node.name}, ${node.typeName}`);
    li.addEventListener('click', () => {
      this.editor.select(node);
      li.focus();
    });
    li.addEventListener('dblclick', () => this.startRename());
    if (node !== this.editor.root) {
      li.draggable = true;
      li.addEventListener('dragstart', (e) => {
        this.dragged = node;
        e.dataTransfer?.setData('text/plain', node.path);
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
      });
      li.addEventListener('dragend', () => (this.dragged = null));
    }
    li.addEventListener('dragover', (e) => {
      if (!this.dragged) return;
      e.preventDefault();
      this.markDrop(li, zoneOf(e, li, node === this.editor.root));
    });
    li.addEventListener('dragleave', () => this.markDrop(li, null));
    li.addEventListener('drop', (e) => {
      e.preventDefault();
      this.markDrop(li, null);
      const moving = this.dragged;
      this.dragged = null;
      if (moving) this.say(this.drop(moving, node, zoneOf(e, li, node === this.editor.root)));
    });
    return li;
  }

  private markDrop(li: HTMLElement, zone: Zone | null): void {
    li.classList.toggle('is-drop-before', zone === 'before');
    li.classList.toggle('is-drop-inside', zone === 'inside');
    li.classList.toggle('is-drop-after', zone === 'after');
  }

  /** Moves `node` before, into or after `onto`, with the index the tree will have after. */
  private drop(node: Node, onto: Node, zone: Zone): string {
    if (zone === 'inside' || !onto.parent) return this.editor.reparent(node, onto);
    const parent = onto.parent;
    let index = parent.children.indexOf(onto) + (zone === 'after' ? 1 : 0);
    const from = parent.children.indexOf(node);
    if (from >= 0 && from < index) index--;
    return this.editor.reparent(node, parent, index);
  }

  private toggleFold(node: Node): void {
    if (this.folded.has(node)) this.folded.delete(node);
    else this.folded.add(node);
    this.rebuild();
  }

  private visible(): Node[] {
    return [...this.rows.keys()];
  }

  private key(e: KeyboardEvent): void {
    if (this.renaming) return;
    const node = this.target();
    const list = this.visible();
    const i = list.indexOf(node);
    const go = (n: Node | undefined) => {
      if (!n) return;
      this.editor.select(n);
      this.rows.get(n)?.focus();
    };
    const ctrl = e.ctrlKey || e.metaKey;
    let handled = true;
    if (e.altKey && e.key === 'ArrowUp') this.act((n) => this.editor.shift(n, -1));
    else if (e.altKey && e.key === 'ArrowDown') this.act((n) => this.editor.shift(n, 1));
    else if (e.altKey && e.key === 'ArrowLeft') this.act((n) => this.editor.outdent(n));
    else if (e.altKey && e.key === 'ArrowRight') this.act((n) => this.editor.indent(n));
    else if (e.key === 'ArrowDown') go(list[i + 1]);
    else if (e.key === 'ArrowUp') go(list[i - 1]);
    else if (e.key === 'Home') go(list[0]);
    else if (e.key === 'End') go(list[list.length - 1]);
    else if (e.key === 'ArrowRight') {
      if (this.folded.has(node)) this.toggleFold(node);
      else go(node.children[0]);
    } else if (e.key === 'ArrowLeft') {
      if (node.children.length && !this.folded.has(node)) this.toggleFold(node);
      else go(node.parent ?? undefined);
    } else if (e.key === 'F2') this.startRename();
    else if (e.key === 'Delete' || (e.key === 'Backspace' && ctrl))
      this.act((n) => this.editor.remove(n));
    else if (ctrl && (e.key === 'd' || e.key === 'D')) this.act((n) => this.duplicate(n));
    else if ((ctrl && (e.key === 'a' || e.key === 'A')) || e.key === 'Insert') this.openAddMenu();
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /** F2: the row's name becomes a text field; Enter renames, Escape keeps the old name. */
  startRename(): void {
    const node = this.target();
    const row = this.rows.get(node);
    const name = row?.querySelector<HTMLElement>('.pg-tree__name');
    if (!row || !name) return;
    this.renaming = node;
    const input = el('input', 'pg-tree__rename');
    input.value = node.name;
    input.setAttribute('aria-label', `New name for ${node.name}`);
    name.replaceWith(input);
    input.focus();
    input.select();
    /** Enter keeps the field open on a refused name (the message says why); leaving it does not. */
    const finish = (commit: boolean, leaving: boolean) => {
      if (this.renaming !== node) return;
      const problem = commit ? this.editor.rename(node, input.value) : '';
      if (problem && !leaving) {
        this.say(problem);
        input.setAttribute('aria-invalid', 'true');
        return;
      }
      this.renaming = null;
      this.say(problem);
      this.rebuild();
      if (!leaving) this.rows.get(node)?.focus();
    };
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Enter') finish(true, false);
      else if (e.key === 'Escape') finish(false, false);
    });
    input.addEventListener('blur', () => {
      if (input.isConnected) finish(true, true);
    });
  }
}

function zoneOf(e: DragEvent, li: HTMLElement, isRoot: boolean): Zone {
  if (isRoot) return 'inside';
  const r = li.getBoundingClientRect();
  const y = (e.clientY - r.top) / Math.max(1, r.height);
  return y < 0.28 ? 'before' : y > 0.72 ? 'after' : 'inside';
}
