import type { Node } from './node.ts';
import type { Property } from './property.ts';

/**
 * A node class as scene files, the inspector and the scene panel see it: its name, one line
 * saying what it is for, its base type, the properties it adds, and how to make a fresh one
 * (absent for abstract bases such as ChainIK2D, whose properties its subclasses inherit).
 */
export interface NodeType<N extends Node = Node> {
  readonly name: string;
  readonly summary: string;
  readonly class: abstract new (...args: never[]) => N;
  readonly base: NodeType | null;
  readonly properties: readonly Property<N>[];
  readonly create?: () => N;
}

/** Lets a typed description sit in an untyped list. */
export const defineNodeType = <N extends Node>(t: NodeType<N>): NodeType =>
  t as unknown as NodeType;

/**
 * An explicit list of node types: what a scene file may contain and what the playground can
 * add. Nothing registers itself on import; whoever loads scenes says which list it uses.
 */
export class NodeTypes {
  private readonly byClass = new Map<abstract new (...args: never[]) => Node, NodeType>();
  private readonly byName = new Map<string, NodeType>();
  private readonly all = new Map<NodeType, readonly Property[]>();
  private readonly fresh = new Map<NodeType, Node>();

  constructor(readonly list: readonly NodeType[]) {
    for (const type of list) {
      if (this.byName.has(type.name)) throw new Error(`Node type "${type.name}" is listed twice.`);
      this.byName.set(type.name, type);
      for (let t: NodeType | null = type; t; t = t.base) this.byClass.set(t.class, t);
    }
  }

  /** The same list with more types (a 3D demo's joints, say). */
  with(more: readonly NodeType[]): NodeTypes {
    return new NodeTypes([...this.list, ...more.filter((t) => !this.byName.has(t.name))]);
  }

  /** A listed type by name. */
  named(name: string): NodeType | undefined {
    return this.byName.get(name);
  }

  get names(): string[] {
    return this.list.map((t) => t.name);
  }

  /** The most specific described type of a node (a subclass nobody described reads as its base). */
  of(node: Node): NodeType {
    for (let p = Object.getPrototypeOf(node); p; p = Object.getPrototypeOf(p)) {
      const t = this.byClass.get(p.constructor);
      if (t) return t;
    }
    throw new Error(`No node type describes "${node.name}".`);
  }

  /** The most specific listed type that can be created: what a scene file records the node as. */
  savedAs(node: Node): NodeType {
    for (let t: NodeType | null = this.of(node); t; t = t.base)
      if (t.create && this.byName.get(t.name) === t) return t;
    throw new Error(`No listed node type can save "${node.name}".`);
  }

  /** Every property of a type, its bases' first (base to derived, as Godot lists them). */
  properties(type: NodeType): readonly Property[] {
    let props = this.all.get(type);
    if (!props) {
      props = [...(type.base ? this.properties(type.base) : []), ...type.properties];
      this.all.set(type, props);
    }
    return props;
  }

  /** A property of a type by name. */
  property(type: NodeType, name: string): Property | undefined {
    return this.properties(type).find((p) => p.name === name);
  }

  /**
   * A fresh node of the type, made once: its values are the defaults (a scene file leaves them
   * out; the inspector resets to them). Never add it to a tree.
   */
  defaults(type: NodeType): Node {
    let node = this.fresh.get(type);
    if (!node) {
      if (!type.create)
        throw new Error(`"${type.name}" is abstract: it has no defaults of its own.`);
      node = type.create();
      this.fresh.set(type, node);
    }
    return node;
  }
}
