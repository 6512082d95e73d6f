import { toDegrees } from '../math/angles';
import { ChainIK2D } from '../ik/chain-ik-2d';
import { Bone2D } from '../scene/bone2d';
import type { Node } from '../scene/node';
import { Node2D } from '../scene/node2d';
import { el } from './dom';

// Plain glyphs (no emoji) so every system font has them.
const ICONS: Record<string, string> = {
  Node: '○',
  Node2D: '◇',
  Bone2D: '◢',
  Marker2D: '✚',
  Polygon2D: '▱',
  Line2D: '╱',
  Joint3D: '◢',
  Terrain3D: '△',
  LookAt2D: '◉',
  TwoBoneIK2D: '◉',
  CCDIK2D: '◉',
  FABRIK2D: '◉',
  JacobianIK2D: '◉',
};

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
    private readonly onHighlight: (node: Node | null) => void,
    private readonly foldAtFirst: (node: Node) => boolean = () => false,
  ) {
    const heading = el('h3', 'scene-panel__title', 'Scene');
    this.list.setAttribute('role', 'tree');
    this.list.setAttribute('aria-label', 'Scene tree');
    this.inspector.setAttribute('aria-live', 'off');
    this.element.append(heading, this.list, this.inspector);
    this.rebuild();
    root.treeChanged.connect(() => this.rebuild());
  }

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
        fold.style.marginLeft = `${depth * 0.9}rem`;
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
      button.style.paddingLeft = node.children.length ? '0.2rem' : `${1.8 + depth * 0.9}rem`;
      button.dataset.node = node.name;
      button.setAttribute('aria-pressed', String(node === this.selected));
      const icon = el('span', 'scene-tree__icon', ICONS[node.typeName] ?? '•');
      icon.setAttribute('aria-hidden', 'true');
      button.append(
        icon,
        el('span', 'scene-tree__name', node.name),
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
      ? describeNode(node)
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

const f = (n: number) => {
  const s = n.toFixed(1);
  return s === '-0.0' ? '0.0' : s;
};
const d = (r: number) => `${f(toDegrees(Math.atan2(Math.sin(r), Math.cos(r))))}°`;

/** The inspector's text for one node, Godot's property names in our camelCase. */
export function describeNode(node: Node): string {
  const lines = [`${node.name} : ${node.typeName}`];
  if (node instanceof Node2D) {
    const p = node.position;
    const s = node.scale;
    const gp = node.globalPosition;
    const gs = node.globalScale;
    lines.push(
      'local',
      `  position (${f(p.x)}, ${f(p.y)})`,
      `  rotation ${d(node.rotation)}`,
      `  scale (${f(s.x)}, ${f(s.y)})`,
      'global',
      `  position (${f(gp.x)}, ${f(gp.y)})`,
      `  rotation ${d(node.globalRotation)}`,
      `  scale (${f(gs.x)}, ${f(gs.y)})`,
    );
  }
  if (node instanceof Bone2D) lines.push(`length ${f(node.length)}`);
  if (node instanceof ChainIK2D) lines.push(...describeSolver(node));
  lines.push(...node.inspect());
  return lines.join('\n');
}

/** An IK node's settings and last result, so the panel shows what the solver did. */
function describeSolver(ik: ChainIK2D): string[] {
  const s = ik.status;
  if (!s.ok) return [`problem: ${s.message}`];
  const lines = [
    `bones ${s.bones}, tolerance ${ik.tolerance}, cap ${ik.maxIterations}`,
    `last solve: ${s.iterations} iteration${s.iterations === 1 ? '' : 's'}`,
    `  error ${Number.isFinite(s.error) ? s.error.toFixed(3) : '—'} (${s.reached ? 'reached' : s.reachability === 'reachable' ? 'not reached' : s.reachability})`,
  ];
  if (s.capped) lines.push('  stopped by the iteration cap');
  if (s.stalled) lines.push('  stopped: no joint could help');
  if (s.warning) lines.push(`warning: ${s.warning}`);
  return lines;
}
