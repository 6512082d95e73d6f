import type { Vec2 } from '../../math/vec2.ts';
import { withAuthoredPose } from '../../ik/authored-pose.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { Node } from '../../scene/node.ts';
import type { NodeTypes } from '../../scene/node-type.ts';
import { type LocalPose, Node2D } from '../../scene/node2d.ts';
import { isEditable, type Property } from '../../scene/property.ts';
import { copyValue, problemWith, sameValue } from '../../scene/property-values.ts';
import {
  nodeFromJSON,
  nodeToJSON,
  sceneToJSON,
  type SceneDocument,
  type SceneJSON,
  type ViewRect,
} from '../../scene/scene-json.ts';
import { Signal } from '../../scene/signal.ts';
import { PathLinks } from './path-links.ts';
import { type Command, compound, UndoStack } from './undo-stack.ts';

/** What changed, so views redraw only what they must. */
export type EditKind = 'property' | 'structure' | 'scene' | 'selection';

/** A node property an embed URL may set (kept by node, so renames and moves follow it). */
export interface Exposure {
  node: Node;
  property: string;
  as: string;
}

interface SceneState {
  root: Node;
  title: string;
  view: ViewRect | null;
  exposed: Exposure[];
}

/**
 * The scene being edited and every edit to it. Each edit is applied, then recorded on the undo
 * stack as the way back; views listen to `changed` and never edit the tree themselves. Edits
 * that would break the tree (a cycle, a sibling's name, deleting the root) are refused with a
 * message saying why, and change nothing.
 */
export class SceneEditor {
  readonly changed = new Signal<EditKind>();
  readonly history = new UndoStack();
  private state: SceneState;
  private _selected: Node | null = null;
  private gesture: { label: string; node: Node; props: Property[]; before: unknown[] } | null =
    null;

  constructor(
    readonly types: NodeTypes,
    doc: SceneDocument = emptyScene(),
  ) {
    this.state = this.stateOf(doc);
  }

  get root(): Node {
    return this.state.root;
  }
  get title(): string {
    return this.state.title;
  }
  get view(): ViewRect | null {
    return this.state.view;
  }
  /** Exposed properties whose node is still in the scene. */
  get exposed(): readonly Exposure[] {
    return this.state.exposed.filter((e) => e.node.root === this.root);
  }
  get selected(): Node | null {
    return this._selected;
  }

  select(node: Node | null): void {
    if (node === this._selected) return;
    this._selected = node;
    this.changed.emit('selection');
  }

  /** The scene as a file. */
  toJSON(): SceneJSON {
    return withAuthoredPose(this.root, () => this.plainJSON());
  }

  private plainJSON(): SceneJSON {
    return sceneToJSON(this.root, this.types, {
      title: this.title,
      view: this.view,
      exposed: this.exposed.map((e) => ({
        node: e.node.getPathFrom(this.root),
        property: e.property,
        as: e.as,
      })),
    });
  }

  /** Where the scene opens (not an undoable edit: it is the viewer's framing). */
  setView(view: ViewRect | null): void {
    this.state.view = view ? { ...view } : null;
  }

  // ── Properties ──────────────────────────────────────────────────────────────────────────

  /**
   * Sets a property. Returns '' when done, or what is wrong with the value ("Mix must be a
   * number from 0 to 1"). `merge`: the same property set again right after folds into one step
   * (a label scrubbed, a handle nudged with the keys).
   */
  setProperty(node: Node, property: Property | string, value: unknown, merge = false): string {
    const p = typeof property === 'string' ? this.propertyOf(node, property) : property;
    if (!p || !isEditable(p)) return `${node.name} has no property "${String(property)}" to set`;
    const problem = problemWith(p.kind, value);
    if (problem) return `${p.label} ${problem}`;
    const before = copyValue(p.kind, p.get(node));
    p.set!(node, copyValue(p.kind, value));
    const after = copyValue(p.kind, p.get(node));
    if (sameValue(p.kind, before, after)) return '';
    this.history.push(this.setCommand(node, p, before, after, merge));
    this.changed.emit('property');
    return '';
  }

  private setCommand(
    node: Node,
    p: Property,
    before: unknown,
    after: unknown,
    merge: boolean,
  ): Command {
    const command = {
      label: `Set ${node.name}’s ${p.label.toLowerCase()}`,
      kind: 'property' as const,
      node,
      p,
      after,
      undo: () => p.set!(node, copyValue(p.kind, before)),
      redo: () => p.set!(node, copyValue(p.kind, command.after)),
      absorb: merge
        ? (next: Command) => {
            const n = next as typeof command;
            if (n.node !== node || n.p !== p || !n.absorb) return false;
            command.after = n.after;
            return true;
          }
        : undefined,
    };
    return command;
  }

  propertyOf(node: Node, name: string): Property | undefined {
    return this.types.property(this.types.of(node), name);
  }

  /**
   * A drag on the canvas (move, turn, scale, a bone's length) is one step: begin records the
   * properties' values, the drag sets them directly, end records the change (if any).
   */
  beginGesture(label: string, node: Node, names: readonly string[]): void {
    if (this.gesture) this.endGesture();
    const props = names.map((n) => this.propertyOf(node, n)).filter((p): p is Property => !!p);
    this.gesture = {
      label,
      node,
      props,
      before: props.map((p) => copyValue(p.kind, p.get(node))),
    };
  }

  endGesture(): void {
    const g = this.gesture;
    this.gesture = null;
    if (!g || g.node.root !== this.root) return;
    const parts: Command[] = [];
    g.props.forEach((p, i) => {
      const after = copyValue(p.kind, p.get(g.node));
      if (!sameValue(p.kind, g.before[i], after))
        parts.push(this.setCommand(g.node, p, g.before[i], after, false));
    });
    if (parts.length === 0) return;
    this.record(compound(`${g.label} ${g.node.name}`, parts), 'property');
  }

  /** Puts the gesture's properties back as they were (Escape during a drag). */
  cancelGesture(): void {
    const g = this.gesture;
    this.gesture = null;
    if (!g) return;
    g.props.forEach((p, i) => p.set!(g.node, copyValue(p.kind, g.before[i])));
    this.changed.emit('property');
  }

  /** A drag is under way on this node (a view checks its drag was not cancelled by an edit). */
  gestureOn(node: Node): boolean {
    return this.gesture?.node === node;
  }

  // ── Structure ───────────────────────────────────────────────────────────────────────────

  /**
   * Adds a fresh node of a listed type as the last child of `parent`. A Bone2D under a bone
   * starts at its tip; a Marker2D is a draggable target; `at` (global) places a new Node2D.
   */
  addNode(parent: Node, typeName: string, at?: Vec2): Node | string {
    const type = this.types.named(typeName);
    if (!type?.create) return `"${typeName}" is not a node type the playground can add`;
    const node = type.create();
    if (node instanceof Marker2D) {
      node.role = 'target';
      node.draggable = true;
    }
    this.insert(parent, node, parent.children.length, `Add ${type.name}`);
    if (node instanceof Bone2D && parent instanceof Bone2D) {
      node.position = { x: parent.length, y: 0 };
      node.setRestFromPose();
    } else if (node instanceof Node2D && at) {
      node.globalPosition = at;
      if (node instanceof Bone2D) node.setRestFromPose();
    }
    return node;
  }

  /** Adds a node made elsewhere (the bone tool's, a pasted one) as one step. */
  insert(parent: Node, node: Node, index: number, label: string): void {
    let name = '';
    const command: Command = {
      label,
      redo: () => {
        parent.addChild(node, index);
        if (name && node.name !== name) node.name = name;
      },
      undo: () => parent.removeChild(node),
    };
    command.redo();
    name = node.name;
    this.record(command, 'structure');
  }

  remove(node: Node): string {
    const parent = node.parent;
    if (!parent || node === this.root)
      return 'The scene’s root cannot be deleted; start a new scene instead.';
    this.cancelGesture();
    const index = parent.children.indexOf(node);
    const command: Command = {
      label: `Delete ${node.name}`,
      redo: () => parent.removeChild(node),
      undo: () => parent.addChild(node, index),
    };
    command.redo();
    const lost = this._selected && (this._selected === node || node.isAncestorOf(this._selected));
    if (lost) this._selected = parent;
    this.record(command, 'structure');
    if (lost) this.changed.emit('selection');
    return '';
  }

  /** Renames, keeping sibling names unique (paths use them) and every path to the node working. */
  rename(node: Node, wanted: string): string {
    const name = Node.cleanName(wanted);
    if (wanted.trim() === '') return 'A name cannot be empty.';
    if (name === node.name) return '';
    if (node.parent?.children.some((c) => c !== node && c.name === name))
      return `${node.parent.name} already has a child called "${name}": names must differ among siblings, because paths use them.`;
    const before = node.name;
    // Exposed properties named after the node ("Target.position") follow the new name.
    const exposedBefore = this.state.exposed;
    const exposedAfter = exposedBefore.map((e) =>
      e.node === node && e.as === exposedName(before, e.property)
        ? { ...e, as: exposedName(name, e.property) }
        : e,
    );
    this.withPathFixes(`Rename ${before} to ${name}`, {
      label: '',
      redo: () => {
        node.name = name;
        this.state.exposed = exposedAfter;
      },
      undo: () => {
        node.name = before;
        this.state.exposed = exposedBefore;
      },
    });
    return '';
  }

  /** A copy of the node and everything below it, placed right after it. */
  duplicate(node: Node): Node | string {
    const parent = node.parent;
    if (!parent) return 'The scene’s root cannot be duplicated.';
    const copy = nodeFromJSON(
      withAuthoredPose(this.root, () => nodeToJSON(node, this.types)),
      this.types,
    );
    this.insert(parent, copy, parent.children.indexOf(node) + 1, `Duplicate ${node.name}`);
    return copy;
  }

  /**
   * Moves a node under another parent at `index` (default: last), keeping where it is on
   * screen, as Godot does: its global transform is the same before and after.
   */
  reparent(node: Node, parent: Node, index = parent.children.length): string {
    if (node === this.root) return 'The scene’s root cannot move.';
    if (node === parent || node.isAncestorOf(parent))
      return `${node.name} cannot go under ${parent.name}: ${parent === node ? 'a node cannot be its own parent' : `${parent.name} is inside ${node.name}`}, and that would make a loop.`;
    if (parent.root !== this.root) return `${parent.name} is not in this scene.`;
    const oldParent = node.parent!;
    const oldIndex = oldParent.children.indexOf(node);
    if (oldParent === parent && oldIndex === Math.min(index, parent.children.length - 1)) return '';
    const oldName = node.name;
    const oldPose = poseOf(node);
    const global = node instanceof Node2D ? { ...node.globalTransform } : null;
    let newName = '';
    let newPose: LocalPose | null = null;
    this.withPathFixes(
      oldParent === parent ? `Reorder ${oldName}` : `Move ${oldName} under ${parent.name}`,
      {
        label: '',
        redo: () => {
          parent.addChild(node, index);
          if (newName && node.name !== newName) node.name = newName;
          if (newPose) setPose(node, newPose);
          else if (global && node instanceof Node2D) node.globalTransform = global;
        },
        undo: () => {
          oldParent.addChild(node, oldIndex);
          if (node.name !== oldName) node.name = oldName;
          setPose(node, oldPose);
        },
      },
      () => {
        newName = node.name;
        newPose = poseOf(node);
      },
    );
    return '';
  }

  /** One place up or down among its siblings. */
  shift(node: Node, delta: -1 | 1): string {
    const parent = node.parent;
    if (!parent) return '';
    const i = parent.children.indexOf(node) + delta;
    if (i < 0) return `${node.name} is already the first child of ${parent.name}.`;
    if (i >= parent.children.length)
      return `${node.name} is already the last child of ${parent.name}.`;
    return this.reparent(node, parent, i);
  }

  /** Under the sibling just above it (as its last child). */
  indent(node: Node): string {
    const parent = node.parent;
    if (!parent) return '';
    const above = parent.children[parent.children.indexOf(node) - 1];
    if (!above) return `${node.name} has no sibling above it to go under.`;
    return this.reparent(node, above);
  }

  /** Out of its parent, right after it. */
  outdent(node: Node): string {
    const parent = node.parent;
    const grand = parent?.parent;
    if (!parent || !grand) return `${node.name} is already at the top of the scene.`;
    return this.reparent(node, grand, grand.children.indexOf(parent) + 1);
  }

  /** Shows a property as an embed URL parameter (or stops). */
  setExposed(node: Node, property: string, on: boolean, as = property): void {
    const before = [...this.state.exposed];
    const after = before.filter((e) => !(e.node === node && e.property === property));
    if (on) {
      let name = as;
      for (let i = 2; after.some((e) => e.as === name); i++) name = `${as}${i}`;
      after.push({ node, property, as: name });
    }
    const command: Command = {
      label: `${on ? 'Expose' : 'Hide'} ${node.name}’s ${property}`,
      redo: () => (this.state.exposed = [...after]),
      undo: () => (this.state.exposed = [...before]),
    };
    command.redo();
    this.record(command, 'property');
  }

  isExposed(node: Node, property: string): Exposure | undefined {
    return this.exposed.find((e) => e.node === node && e.property === property);
  }

  /** Replaces the whole scene (a new scene, a file, a preset, a link) as one undoable step. */
  replaceScene(doc: SceneDocument, label: string): void {
    this.cancelGesture();
    const before = this.state;
    const after = this.stateOf(doc);
    const command: Command = {
      label,
      redo: () => (this.state = after),
      undo: () => (this.state = before),
    };
    command.redo();
    this._selected = null;
    this.record(command, 'scene');
  }

  /** Starts over with this scene and no history (a page load). */
  reset(doc: SceneDocument): void {
    this.cancelGesture();
    this.state = this.stateOf(doc);
    this._selected = null;
    this.history.clear();
    this.changed.emit('scene');
  }

  // ── Undo ────────────────────────────────────────────────────────────────────────────────

  undo(): boolean {
    this.cancelGesture();
    return this.after(this.history.undo());
  }

  redo(): boolean {
    this.cancelGesture();
    return this.after(this.history.redo());
  }

  private after(command: Command | null): boolean {
    if (!command) return false;
    const lost = this._selected !== null && this._selected.root !== this.root;
    if (lost) this._selected = null;
    this.changed.emit(command.kind ?? 'structure');
    if (lost) this.changed.emit('selection');
    return true;
  }

  private record(command: Command, kind: Exclude<EditKind, 'selection'>): void {
    command.kind ??= kind;
    this.history.push(command);
    this.history.seal();
    this.changed.emit(kind);
  }

  /**
   * Applies a structural edit, then re-points every node path that it broke; both are one
   * step. `applied` runs after the first application (to note names the tree chose).
   */
  private withPathFixes(label: string, edit: Command, applied?: () => void): void {
    const links = new PathLinks(this.root, this.types);
    edit.redo();
    applied?.();
    const fixes: Command[] = links.changes().map(({ owner, property, before, after }) => {
      property.set!(owner, copyValue(property.kind, after));
      return this.setCommand(owner, property, before, after, false);
    });
    this.record(compound(label, [edit, ...fixes]), 'structure');
  }

  private stateOf(doc: SceneDocument): SceneState {
    return {
      root: doc.root,
      title: doc.title,
      view: doc.view ? { ...doc.view } : null,
      exposed: doc.exposed.flatMap((e) => {
        const node = doc.root.getNode(e.node);
        return node ? [{ node, property: e.property, as: e.as }] : [];
      }),
    };
  }
}

const poseOf = (node: Node): LocalPose | null =>
  node instanceof Node2D
    ? { position: node.position, rotation: node.rotation, scale: node.scale }
    : null;

function setPose(node: Node, pose: LocalPose | null): void {
  if (!pose || !(node instanceof Node2D)) return;
  node.position = pose.position;
  node.rotation = pose.rotation;
  node.scale = pose.scale;
}

/** The URL parameter name an exposed property gets: "Target.position" (letters, digits, _ . -). */
export const exposedName = (nodeName: string, property: string): string =>
  `${nodeName.replace(/[^\w.-]/g, '_').replace(/^[^A-Za-z]/, 'n$&')}.${property}`;

/** A scene with nothing but its root. */
export function emptyScene(): SceneDocument {
  return { root: new Node2D('Scene'), title: '', view: null, exposed: [] };
}
