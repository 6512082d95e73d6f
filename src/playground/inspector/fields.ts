import { DEG } from '../../math/angles.ts';
import type { Vec2 } from '../../math/vec2.ts';
import { isEditable, type NumberKind, type PropertyKind } from '../../scene/property.ts';
import { formatValue } from '../../scene/property-values.ts';
import { el, uniqueId } from '../../ui/dom.ts';
import { type Field, type FieldContext, fieldRow, numberInput } from './field-kit.ts';
import { limitsField, pointsField } from './list-fields.ts';
import { nodePathField, pathListField } from './path-fields.ts';

/** The editor for one property, chosen by its kind. Read-only properties show their value. */
export function fieldFor(ctx: FieldContext): Field {
  const p = ctx.property;
  if (!isEditable(p)) return readOnlyField(ctx);
  switch (p.kind.type) {
    case 'number':
      return scalarField(ctx, p.kind, 1);
    case 'angle':
      return scalarField(
        ctx,
        { type: 'number', min: p.kind.min, max: p.kind.max, step: 1, unit: '°' },
        DEG,
      );
    case 'vector':
      return vectorField(ctx, p.kind);
    case 'boolean':
      return booleanField(ctx);
    case 'choice':
      return choiceField(ctx, p.kind.options);
    case 'color':
      return colorField(ctx);
    case 'nodePath':
      return nodePathField(ctx);
    case 'pathList':
      return pathListField(ctx);
    case 'points':
      return pointsField(ctx);
    case 'limits':
      return limitsField(ctx);
    case 'text':
      return readOnlyField(ctx);
  }
}

function readOnlyField(ctx: FieldContext): Field {
  const out = el('output', 'pg-readonly');
  const { row } = fieldRow(ctx, out, null);
  row.classList.add('is-readonly');
  const refresh = () => {
    const text = formatValue(ctx.property.kind, ctx.property.get(ctx.node));
    if (out.textContent !== text) out.textContent = text;
  };
  refresh();
  return { element: row, refresh };
}

/** Clamps a scrubbed value into the kind's range (typed values are refused instead). */
const clampTo = (k: NumberKind, v: number) => {
  const c = Math.min(k.max ?? Infinity, Math.max(k.min ?? -Infinity, v));
  return k.integer ? Math.round(c) : c;
};

/** A number, or an angle shown in degrees (`scale` = 180/π): typed, stepped or scrubbed. */
function scalarField(ctx: FieldContext, kind: NumberKind, scale: number): Field {
  const { editor, node, property: p } = ctx;
  const inDegrees = (k: NumberKind): NumberKind => ({
    ...k,
    min: k.min === undefined ? undefined : k.min * scale,
    max: k.max === undefined ? undefined : k.max * scale,
  });
  const uiKind = scale === 1 ? kind : inDegrees(kind);
  const step = kind.step ?? 1;
  let say = (_: string) => {};
  const box = numberInput({
    label: null,
    name: p.label,
    read: () => (p.get(node) as number) * scale,
    commit: (v, merge) => editor.setProperty(node, p, scale === 1 ? v : v / scale, merge),
    step,
    digits: kind.integer ? 0 : scale === 1 ? 3 : 2,
    unit: kind.unit,
    say: (t) => say(t),
    scrub: {
      begin: () => editor.beginGesture('Set', node, [p.name]),
      set: (v) => p.set!(node, clampTo(scale === 1 ? kind : uiKind, v) / scale),
      end: () => editor.endGesture(),
    },
  });
  const wrap = el('span', 'pg-scalar');
  wrap.append(box.input);
  if (kind.unit) wrap.append(el('span', 'pg-unit', kind.unit));
  const r = fieldRow(ctx, wrap, box.input);
  say = r.say;
  box.attachScrub(r.label);
  return { element: r.row, refresh: box.refresh };
}

/** x and y, each typed, stepped or scrubbed; scale gets one-click mirror buttons. */
function vectorField(ctx: FieldContext, kind: Extract<PropertyKind, { type: 'vector' }>): Field {
  const { editor, node, property: p } = ctx;
  const get = () => p.get(node) as Vec2;
  const wrap = el('span', 'pg-vector');
  let say = (_: string) => {};
  const step = kind.step ?? 1;
  const parts = (['x', 'y'] as const).map((axis) => {
    const with1 = (v: number): Vec2 => ({ ...get(), [axis]: v });
    const box = numberInput({
      label: null,
      name: `${p.label} ${axis}`,
      read: () => get()[axis],
      commit: (v, merge) => editor.setProperty(node, p, with1(v), merge),
      step,
      digits: 3,
      unit: kind.unit,
      say: (t) => say(t),
      scrub: {
        begin: () => editor.beginGesture('Set', node, [p.name]),
        set: (v) => p.set!(node, with1(Math.max(kind.min ?? -Infinity, v))),
        end: () => editor.endGesture(),
      },
    });
    const tag = el('span', 'pg-axis', axis);
    tag.setAttribute('aria-hidden', 'true');
    box.attachScrub(tag);
    wrap.append(tag, box.input);
    return box;
  });
  if (kind.flip) {
    for (const axis of ['x', 'y'] as const) {
      const b = el('button', 'pg-flip', axis === 'x' ? '⇋ x' : '⇵ y');
      b.type = 'button';
      b.title = `Mirror on ${axis}: negate ${p.label.toLowerCase()} ${axis}`;
      b.setAttribute('aria-label', `Flip ${p.label.toLowerCase()} ${axis}`);
      b.dataset.flip = axis;
      b.addEventListener('click', () => {
        const v = get();
        say(editor.setProperty(node, p, { ...v, [axis]: -v[axis] }));
      });
      wrap.append(b);
    }
  }
  const r = fieldRow(ctx, wrap, parts[0]!.input);
  say = r.say;
  return { element: r.row, refresh: () => parts.forEach((b) => b.refresh()) };
}

function booleanField(ctx: FieldContext): Field {
  const { editor, node, property: p } = ctx;
  const input = el('input', 'pg-check');
  input.type = 'checkbox';
  const r = fieldRow(ctx, input, input);
  input.addEventListener('change', () => r.say(editor.setProperty(node, p, input.checked)));
  const refresh = () => {
    input.checked = p.get(node) as boolean;
  };
  refresh();
  return { element: r.row, refresh };
}

function choiceField(ctx: FieldContext, options: readonly string[]): Field {
  const { editor, node, property: p } = ctx;
  const select = el('select', 'pg-select');
  for (const o of options) select.append(new Option(o, o));
  const r = fieldRow(ctx, select, select);
  select.addEventListener('change', () => r.say(editor.setProperty(node, p, select.value)));
  const refresh = () => {
    if (document.activeElement !== select) select.value = p.get(node) as string;
  };
  refresh();
  return { element: r.row, refresh };
}

const THEME_COLOURS = [
  'bone',
  'boneOutline',
  'joint',
  'ground',
  'groundEdge',
  'target',
  'pole',
  'marker',
  'accent',
  'muted',
];

/** A colour: any CSS colour or a theme name typed, or picked with the system colour picker. */
function colorField(ctx: FieldContext): Field {
  const { editor, node, property: p } = ctx;
  const wrap = el('span', 'pg-color');
  const text = el('input', 'pg-color__text');
  text.type = 'text';
  text.spellcheck = false;
  const list = el('datalist');
  list.id = uniqueId('pg-colours');
  for (const c of THEME_COLOURS) list.append(new Option(c, c));
  text.setAttribute('list', list.id);
  const swatch = el('input', 'pg-color__swatch');
  swatch.type = 'color';
  swatch.setAttribute('aria-label', `${p.label}: pick a colour`);
  wrap.append(swatch, text, list);
  const r = fieldRow(ctx, wrap, text);
  const commit = (v: string) => r.say(editor.setProperty(node, p, v.trim()));
  text.addEventListener('change', () => commit(text.value));
  swatch.addEventListener('change', () => commit(swatch.value));
  const refresh = () => {
    const v = p.get(node) as string;
    if (document.activeElement !== text) text.value = v;
    if (/^#[0-9a-f]{6}$/i.test(v)) swatch.value = v;
  };
  refresh();
  return { element: r.row, refresh };
}
