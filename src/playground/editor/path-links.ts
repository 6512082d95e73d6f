import type { Node } from '../../scene/node.ts';
import type { NodeTypes } from '../../scene/node-type.ts';
import { isEditable, type Property } from '../../scene/property.ts';

/** One node-path property and the nodes its paths led to when captured. */
interface Link {
  owner: Node;
  property: Property;
  /** Per path ('' and broken paths: null, left as they are). */
  targets: (Node | null)[];
  list: boolean;
}

/**
 * Node paths are relative text ("../Skeleton/Bone1"), so renaming or moving a node breaks the
 * paths that lead to it. As Godot's editor does, a rename or a move first captures where every
 * path in the tree leads, then re-points the ones that now read differently. Paths that were
 * already broken, or that led to a node no longer in the tree, are left as they were.
 */
export class PathLinks {
  private readonly links: Link[] = [];

  constructor(root: Node, types: NodeTypes) {
    root.walk((owner) => {
      for (const p of types.properties(types.of(owner))) {
        if (!isEditable(p) || (p.kind.type !== 'nodePath' && p.kind.type !== 'pathList')) continue;
        const list = p.kind.type === 'pathList';
        const paths = list ? (p.get(owner) as string[]) : [p.get(owner) as string];
        const targets = paths.map((path) => (path === '' ? null : owner.getNode(path)));
        if (targets.some((t) => t)) this.links.push({ owner, property: p, targets, list });
      }
    });
  }

  /**
   * The property values that must change for every captured path to lead where it led before:
   * [owner, property, old value, new value]. Apply them with the editor's property setter.
   */
  changes(): Array<{ owner: Node; property: Property; before: unknown; after: unknown }> {
    const out: Array<{ owner: Node; property: Property; before: unknown; after: unknown }> = [];
    for (const { owner, property, targets, list } of this.links) {
      const before = property.get(owner);
      const old = list ? (before as string[]) : [before as string];
      const next = old.map((path, i) => {
        const target = targets[i];
        if (!target || target.root !== owner.root) return path;
        return owner.getNode(path) === target ? path : target.getPathFrom(owner);
      });
      if (next.every((p, i) => p === old[i])) continue;
      out.push({ owner, property, before, after: list ? next : next[0]! });
    }
    return out;
  }
}
