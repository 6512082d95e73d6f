import type { Node } from '../scene/node.ts';
import type { NodeTypes } from '../scene/node-type.ts';
import { formatValue } from '../scene/property-values.ts';
import { el } from './dom.ts';
import { nodeIcon } from './node-icons.ts';

/**
 * The Godot-style scene panel beside a demo's canvas: node names and types, indented by depth.
 * Hovering or selecting a node highlights it on the canvas (via `onHighlight`) and the inspector
 * shows its local and global position, rotation and scale, refreshed while the demo runs.
 */
export class SceneTreePanel {
  readonly element = el('aside', 'scene-panel');
  private readonly list = el('ul', 'scene-tree');
  private readonly inspector = el('div', 'inspector');
  private selected: Node | null = null;
  private hovered: Node | null = null;
  private lastText = '';
  private readonly folded = new Set<Node>();
  private readonly foldButtons = new Map<Node, HTMLButtonElement>();
  /** Nodes the panel has shown before: the initial fold applies once, then the student decides. */
  private readonly seen = new WeakSet<Node>();

  constructor(
    private readonly root: Node,
    private readonly types: NodeTypes,
    private readonly onHighlight: (node: Node | null) => void,
    private readonly foldAtFirst: (node: Node) => boolean = () => false,
  ) {
    const heading = el('h3', 'scene-panel__title', 'Scene');
    this.list.setAttribute('role', 'tree');
    this.list.setAttribute('aria-label', 'Scene tree');
    this.inspector.setAttribute('aria-live', 'off');
    this.element.append(heading, this.list, this.inspector);
    this.rebuild();
    // One rebuild for a burst of changes: a script that adds a crowd node by node would
    // otherwise rebuild the whole list thousands of times in one frame.
    root.treeChanged.connect(() => {
      if (this.rebuildQueued) return;
      this.rebuildQueued = true;
      queueMicrotask(() => {
        this.rebuildQueued = false;
        this.rebuild();
      });
    });
  }

  private rebuildQueued = false;

  rebuild(): void {
    this.list.replaceChildren();
    this.foldButtons.clear();
    this.root.walk((node, depth) => {
      if (!this.seen.has(node)) {
        this.seen.add(node);
        if (node.children.length && this.foldAtFirst(node)) this.folded.add(node);
      }
      const li = el('li', 'scene-tree__item scene-tree__row');
      li.setAttribute('role', 'treeitem');
      li.setAttribute('aria-level', String(depth + 1));
      const folded = this.folded.has(node);
      if (node.children.length) {
        li.setAttribute('aria-expanded', String(!folded));
        const fold = el('button', 'scene-tree__fold', folded ? '▸' : '▾');
        fold.type = 'button';
        fold.style.marginLeft = `${indent(depth)}rem`;
        fold.setAttribute(
          'aria-label',
          `${folded ? 'Unfold' : 'Fold'} ${node.name} (${countBelow(node)} nodes below)`,
        );
        fold.addEventListener('click', () => {
          if (folded) this.folded.delete(node);
          else this.folded.add(node);
          this.rebuild();
          // The list was rebuilt: give keyboard focus back to the same node's fold button.
          this.foldButtons.get(node)?.focus();
        });
        this.foldButtons.set(node, fold);
        li.append(fold);
      }
      const button = el('button', 'scene-tree__node');
      button.type = 'button';
      button.style.paddingLeft = node.children.length ? '0.2rem' : `${1.8 + indent(depth)}rem`;
      button.dataset.node = node.name;
      // The whole name and type on hover: a deep row may show the name cut short.
      button.title = `${node.name} (${node.typeName})`;
      button.setAttribute('aria-pressed', String(node === this.selected));
      const icon = el('span', 'scene-tree__icon', nodeIcon(node.typeName));
      icon.setAttribute('aria-hidden', 'true');
      button.append(
        icon,
        titled(el('span', 'scene-tree__name', node.name), node.name),
        el('span', 'scene-tree__type', node.typeName),
      );
      button.addEventListener('mouseenter', () => this.hover(node));
      button.addEventListener('mouseleave', () => this.hover(null));
      button.addEventListener('focus', () => this.hover(node));
      button.addEventListener('blur', () => this.hover(null));
      button.addEventListener('click', () => this.select(node === this.selected ? null : node));
      if (folded) button.append(el('span', 'scene-tree__type', `+${countBelow(node)}`));
      li.append(button);
      this.list.append(li);
      return !folded;
    });
    this.refresh();
  }

  select(node: Node | null): void {
    this.selected = node;
    for (const b of this.list.querySelectorAll<HTMLButtonElement>('.scene-tree__node')) {
      b.setAttribute('aria-pressed', String(b.dataset.node === node?.name));
    }
    this.onHighlight(this.hovered ?? this.selected);
    this.refresh();
  }

  /** Updates the inspector text (call every few frames). */
  refresh(): void {
    const node = this.hovered ?? this.selected;
    const text = node
      ? describeNode(node, this.types)
      : 'Hover or select a node to see its local and global transform.';
    if (text === this.lastText) return;
    this.lastText = text;
    this.inspector.textContent = text;
  }

  private hover(node: Node | null): void {
    this.hovered = node;
    this.onHighlight(this.hovered ?? this.selected);
    this.refresh();
  }
}

function countBelow(node: Node): number {
  let n = -1;
  node.walk(() => {
    n++;
  });
  return n;
}

/**
 * The read-out for one node, from its type's property descriptions: every property by group,
 * read-only ones (the global transform, a solver's last result) included.
 */
export function describeNode(node: Node, types: NodeTypes): string {
  const lines = [`${node.name} : ${node.typeName}`];
  let group = '';
  for (const p of types.properties(types.of(node))) {
    if (p.group !== group) {
      group = p.group;
      lines.push(group);
    }
    lines.push(`  ${p.label} ${formatValue(p.kind, p.get(node))}`);
  }
  return lines.join('\n');
}

/**
 * How far a row at `depth` is indented (rem): a full step for the first four levels, a third of
 * one after, so a long bone chain keeps room for its names and types.
 */
const indent = (depth: number): number => 0.9 * Math.min(depth, 4) + 0.3 * Math.max(0, depth - 4);

/** A name the panel may cut short (…) keeps its whole text as a tooltip. */
function titled(span: HTMLElement, name: string): HTMLElement {
  span.title = name;
  return span;
}
