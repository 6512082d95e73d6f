import { ChainIK2D } from '../../ik/chain-ik-2d.ts';
import { DEG } from '../../math/angles.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { AngleRange } from '../../scene/property.ts';
import { el } from '../../ui/dom.ts';
import { type Field, type FieldContext, fieldRow, numberInput } from './field-kit.ts';

/**
 * Corners or points as text, one "x, y" per line: the plainest way to type, paste and read a
 * shape. A line that is not two numbers is named with what it must be; nothing is changed.
 */
export function pointsField(ctx: FieldContext): Field {
  const { editor, node, property: p } = ctx;
  const area = el('textarea', 'pg-points');
  area.rows = 4;
  area.spellcheck = false;
  const r = fieldRow(ctx, area, area);
  const show = () => {
    area.value = (p.get(node) as Vec2[]).map((q) => `${round(q.x)}, ${round(q.y)}`).join('\n');
  };
  let dirty = false;
  area.addEventListener('input', () => (dirty = true));
  area.addEventListener('change', () => {
    const lines = area.value
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const points: Vec2[] = [];
    for (const [i, line] of lines.entries()) {
      const parts = line
        .replace(/[()[\]]/g, '')
        .split(/[,;\s]+/)
        .filter(Boolean)
        .map(Number);
      if (parts.length !== 2 || !parts.every(Number.isFinite)) {
        r.say(`${p.label}, line ${i + 1}: must be two numbers "x, y"; got "${line}".`);
        return;
      }
      points.push({ x: parts[0]!, y: parts[1]! });
    }
    dirty = false;
    r.say(editor.setProperty(node, p, points));
  });
  show();
  return {
    element: r.row,
    refresh: () => {
      if (!dirty && document.activeElement !== area) show();
    },
  };
}

const round = (v: number) => Number(v.toFixed(2));

/**
 * Joint limits, one row per bone of the chain: limited or not, and the arc from min to max in
 * degrees (local rotation, in the parent's space; the solver mirrors it with the skeleton).
 */
export function limitsField(ctx: FieldContext): Field {
  const { editor, node, property: p } = ctx;
  const wrap = el('div', 'pg-list');
  const r = fieldRow(ctx, wrap, null);
  const read = () => p.get(node) as AngleRange[];
  const bones = () => (node instanceof ChainIK2D && node.status.ok ? node.getBones() : []);
  let shape = '';
  let refreshers: Array<() => void> = [];
  const write = (i: number, change: Partial<AngleRange>, merge = false) => {
    const next = read().map((l) => ({ ...l }));
    while (next.length <= i) next.push({ limited: false, min: -Math.PI, max: Math.PI });
    next[i] = { ...next[i]!, ...change };
    return editor.setProperty(node, p, next, merge);
  };
  const build = () => {
    const names = bones().map((b) => b.name);
    const n = Math.max(names.length, read().length);
    shape = `${n}:${names.join('/')}`;
    wrap.replaceChildren();
    refreshers = [];
    if (n === 0) {
      wrap.append(el('span', 'pg-hint', 'Wire the chain first: each of its bones gets a row.'));
      return;
    }
    for (let i = 0; i < n; i++) {
      const line = el('div', 'pg-list__row');
      const name = names[i] ?? `bone ${i}`;
      const on = el('input', 'pg-check');
      on.type = 'checkbox';
      on.setAttribute('aria-label', `Limit ${name}`);
      on.addEventListener('change', () => r.say(write(i, { limited: on.checked })));
      const label = el('label', 'pg-list__index');
      label.append(on, document.createTextNode(` ${name}`));
      line.append(label);
      const ends = (['min', 'max'] as const).map((end) => {
        const box = numberInput({
          label: null,
          name: `${name} ${end}`,
          read: () => (read()[i]?.[end] ?? (end === 'min' ? -Math.PI : Math.PI)) * DEG,
          commit: (v, merge) => write(i, { [end]: v / DEG }, merge),
          step: 1,
          digits: 1,
          unit: '°',
          say: r.say,
        });
        line.append(el('span', 'pg-axis', end), box.input);
        return box;
      });
      line.append(el('span', 'pg-unit', '°'));
      wrap.append(line);
      refreshers.push(() => {
        if (document.activeElement !== on) on.checked = read()[i]?.limited ?? false;
        ends.forEach((b) => b.refresh());
      });
    }
  };
  build();
  refreshers.forEach((f) => f());
  return {
    element: r.row,
    refresh: () => {
      const names = bones().map((b) => b.name);
      const now = `${Math.max(names.length, read().length)}:${names.join('/')}`;
      if (now !== shape && !wrap.contains(document.activeElement)) build();
      refreshers.forEach((f) => f());
    },
  };
}
