import { ChainIK2D } from '../../ik/chain-ik-2d.ts';
import { LookAt2D } from '../../ik/look-at-2d.ts';
import type { Node } from '../../scene/node.ts';
import type { NodeFilter } from '../../scene/property.ts';
import { el } from '../../ui/dom.ts';
import { type Field, type FieldContext, fieldRow } from './field-kit.ts';

/**
 * Where a path leads, in words: nowhere, to the wrong kind of node, or to the node it names.
 * An IK node's own status message is preferred when it is about this field (it knows more:
 * "the tip bone is not below the root bone", "the target is inside the chain").
 */
export function pathVerdict(owner: Node, field: string, path: string, accepts: NodeFilter): string {
  const status = owner instanceof ChainIK2D || owner instanceof LookAt2D ? owner.status : null;
  if (status && !status.ok && messageIsAbout(status.message, field)) return `✗ ${status.message}`;
  if (path === '') return 'none';
  const target = owner.getNode(path);
  if (!target) return `✗ no node at "${path}" (paths start from ${owner.name}: ".." is its parent)`;
  if (!accepts.test(target))
    return `✗ leads to ${target.name}, a ${target.typeName}; it must lead to ${accepts.describe}`;
  return `✓ ${target.name} (${target.typeName})`;
}

/**
 * Whether an IK node's message is about this field. Path messages start with the field's name
 * ('targetPath "x" does not lead to…'); two chain messages name what they are about in words.
 */
function messageIsAbout(message: string, field: string): boolean {
  if (message.startsWith(`${field} `)) return true;
  if (message.startsWith('the tip bone') || message.startsWith('TwoBoneIK2D needs'))
    return field === 'tipBonePath';
  if (message.startsWith('the target')) return field === 'targetPath';
  return false;
}

/** Every node a path property may lead to, with its path from `owner`. */
export function candidates(owner: Node, accepts: NodeFilter): Array<{ node: Node; path: string }> {
  const out: Array<{ node: Node; path: string }> = [];
  owner.root.walk((n) => {
    if (n !== owner && accepts.test(n)) out.push({ node: n, path: n.getPathFrom(owner) });
  });
  return out;
}

/**
 * One path input with a picker beside it. The picker lists only nodes the path may lead to
 * (bones for a bone path, points for a target); the line under it says where the path leads
 * now, or why it leads nowhere useful.
 */
function pathInput(
  owner: Node,
  field: string,
  accepts: NodeFilter,
  read: () => string,
  commit: (path: string) => string,
  name: string,
): { element: HTMLElement; input: HTMLInputElement; verdict: HTMLElement; refresh(): void } {
  const wrap = el('span', 'pg-path');
  const input = el('input', 'pg-path__text');
  input.type = 'text';
  input.spellcheck = false;
  input.autocomplete = 'off';
  input.setAttribute('aria-label', `${name} (a path from ${owner.name})`);
  const pick = el('select', 'pg-path__pick');
  pick.setAttribute('aria-label', `Pick ${name.toLowerCase()}`);
  const verdict = el('span', 'pg-path__verdict');
  verdict.setAttribute('aria-live', 'polite');
  wrap.append(input, pick);
  let dirty = false;
  const fillPicker = () => {
    const path = read();
    const list = candidates(owner, accepts);
    const key = list.map((c) => c.path).join('|') + '#' + path;
    if (pick.dataset.key === key) return;
    pick.dataset.key = key;
    pick.replaceChildren(new Option('— pick —', '__pick'), new Option('(none)', ''));
    for (const c of list)
      pick.append(new Option(`${c.node.name} (${c.node.typeName}) ${c.path}`, c.path));
    pick.value = list.some((c) => c.path === path) || path === '' ? path : '__pick';
  };
  // The picker's list walks the tree: it is refilled when the path changes and when the student
  // opens it, not on every refresh.
  let listedFor: string | null = null;
  const refresh = () => {
    if (!dirty && document.activeElement !== input) input.value = read();
    if (document.activeElement !== pick && listedFor !== read()) {
      listedFor = read();
      fillPicker();
    }
    const v = pathVerdict(owner, field, read(), accepts);
    if (verdict.textContent !== v) verdict.textContent = v;
    verdict.classList.toggle('is-bad', v.startsWith('✗'));
  };
  const submit = (path: string) => {
    const problem = commit(path);
    dirty = false;
    verdict.textContent = problem;
    refresh();
  };
  input.addEventListener('input', () => (dirty = true));
  input.addEventListener('change', () => submit(input.value.trim()));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') submit(input.value.trim());
  });
  pick.addEventListener('focus', fillPicker);
  pick.addEventListener('pointerdown', fillPicker);
  pick.addEventListener('change', () => {
    if (pick.value === '__pick') return;
    input.value = pick.value;
    submit(pick.value);
  });
  refresh();
  return { element: wrap, input, verdict, refresh };
}

export function nodePathField(ctx: FieldContext): Field {
  const { editor, node, property: p } = ctx;
  if (p.kind.type !== 'nodePath') throw new Error('not a node path');
  const box = pathInput(
    node,
    p.name,
    p.kind.accepts,
    () => p.get(node) as string,
    (path) => editor.setProperty(node, p, path),
    p.label,
  );
  const r = fieldRow(ctx, box.element, box.input);
  r.message.replaceWith(box.verdict);
  box.verdict.classList.add('pg-field__message');
  return { element: r.row, refresh: box.refresh };
}

/**
 * A path per joint (FABRIK's per-joint poles): one row for each joint that can bend (1 to
 * bones − 1) when the chain resolves, otherwise one per entry.
 */
export function pathListField(ctx: FieldContext): Field {
  const { editor, node, property: p } = ctx;
  if (p.kind.type !== 'pathList') throw new Error('not a path list');
  const accepts = p.kind.accepts;
  const wrap = el('div', 'pg-list');
  const r = fieldRow(ctx, wrap, null);
  let rows: Array<{ refresh(): void }> = [];
  let shape = '';
  const read = () => p.get(node) as string[];
  const jointCount = () => {
    const bones = node instanceof ChainIK2D && node.status.ok ? node.getBones().length : 0;
    return Math.max(bones, read().length);
  };
  const build = () => {
    const n = jointCount();
    shape = String(n);
    wrap.replaceChildren();
    rows = [];
    if (n < 2) {
      wrap.append(
        el('span', 'pg-hint', 'Wire the chain first: joints 1 to bones − 1 can each have a pole.'),
      );
      return;
    }
    for (let i = 1; i < n; i++) {
      const line = el('div', 'pg-list__row');
      line.append(el('span', 'pg-list__index', `joint ${i}`));
      const box = pathInput(
        node,
        `${p.name}[${i}]`,
        accepts,
        () => read()[i] ?? '',
        (path) => {
          const next = [...read()];
          while (next.length <= i) next.push('');
          next[i] = path;
          while (next.length && next[next.length - 1] === '') next.pop();
          return editor.setProperty(node, p, next);
        },
        `${p.label}, joint ${i}`,
      );
      line.append(box.element, box.verdict);
      wrap.append(line);
      rows.push(box);
    }
  };
  build();
  return {
    element: r.row,
    refresh: () => {
      if (String(jointCount()) !== shape && !wrap.contains(document.activeElement)) build();
      rows.forEach((b) => b.refresh());
    },
  };
}
