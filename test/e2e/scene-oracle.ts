/**
 * An independent reading of a scene file for the browser tests: global transforms computed here
 * from each node's position, rotation and scale (T·R·S, parent first), not by the page. A tip
 * that reaches its target in this arithmetic reaches it in the file the page wrote.
 */
export interface NodeJSON {
  type: string;
  name: string;
  children?: NodeJSON[];
  [k: string]: unknown;
}

interface M {
  a: number;
  b: number;
  c: number;
  d: number;
  tx: number;
  ty: number;
}

const SPATIAL = new Set(['Node2D', 'Bone2D', 'Marker2D', 'Polygon2D', 'Line2D']);
const I: M = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

function local(n: NodeJSON): M {
  const [px, py] = (n.position as [number, number]) ?? [0, 0];
  const r = (n.rotation as number) ?? 0;
  const [sx, sy] = (n.scale as [number, number]) ?? [1, 1];
  const c = Math.cos(r);
  const s = Math.sin(r);
  return { a: c * sx, b: s * sx, c: -s * sy, d: c * sy, tx: px, ty: py };
}

const mul = (m: M, n: M): M => ({
  a: m.a * n.a + m.c * n.b,
  b: m.b * n.a + m.d * n.b,
  c: m.a * n.c + m.c * n.d,
  d: m.b * n.c + m.d * n.d,
  tx: m.a * n.tx + m.c * n.ty + m.tx,
  ty: m.b * n.tx + m.d * n.ty + m.ty,
});

/** Every node by its path from the root ("Scene/Bone2D/Bone2D"), with its global transform. */
export function globals(root: NodeJSON): Map<string, { node: NodeJSON; m: M }> {
  const out = new Map<string, { node: NodeJSON; m: M }>();
  const visit = (n: NodeJSON, parent: M, path: string) => {
    const m = SPATIAL.has(n.type) ? mul(parent, local(n)) : parent;
    out.set(path, { node: n, m });
    for (const c of n.children ?? []) visit(c, m, `${path}/${c.name}`);
  };
  visit(root, I, root.name);
  return out;
}

export const positionOf = (g: ReturnType<typeof globals>, path: string) => {
  const e = g.get(path);
  if (!e) throw new Error(`no node at ${path}; nodes: ${[...g.keys()].join(', ')}`);
  return { x: e.m.tx, y: e.m.ty };
};

/** A bone's tip: local (length, 0) through its global transform (length 16 if left out). */
export function tipOf(g: ReturnType<typeof globals>, path: string) {
  const e = g.get(path);
  if (!e) throw new Error(`no node at ${path}`);
  const len = (e.node.length as number) ?? 16;
  return { x: e.m.a * len + e.m.tx, y: e.m.b * len + e.m.ty };
}

export const distance = (p: { x: number; y: number }, q: { x: number; y: number }) =>
  Math.hypot(p.x - q.x, p.y - q.y);

/** The deepest first-child chain of bones under `path` (the tip bone of a drawn chain). */
export function lastBone(g: ReturnType<typeof globals>, path: string): string {
  let p = path;
  for (;;) {
    const kids = (g.get(p)!.node.children ?? []).filter((c) => c.type === 'Bone2D');
    if (!kids.length) return p;
    p = `${p}/${kids[0]!.name}`;
  }
}
