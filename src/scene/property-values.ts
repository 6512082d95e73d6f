import { DEG, wrapAngle } from '../math/angles.ts';
import type { Vec2 } from '../math/vec2.ts';
import type { AngleRange, NumberKind, PropertyKind } from './property.ts';
import { SceneFormatError, describe } from './scene-format-error.ts';

/**
 * What every property kind does with its values, in one place: read them from scene JSON
 * (naming the field on error), write them, check a value typed in the inspector or a URL,
 * format them for the scene panel, compare and copy them (for undo).
 */

/** What a value of this kind must be, in plain words: the "expected" of every error message. */
export function expectedOf(kind: PropertyKind): string {
  switch (kind.type) {
    case 'number':
      return numberRange(kind);
    case 'angle':
      return kind.min !== undefined && kind.max !== undefined
        ? `an angle in radians from ${round(kind.min)} to ${round(kind.max)}`
        : 'an angle in radians (a finite number)';
    case 'vector':
      return kind.min !== undefined
        ? `a pair of numbers [x, y], each ≥ ${kind.min}`
        : 'a pair of numbers [x, y]';
    case 'boolean':
      return 'true or false';
    case 'choice':
      return `one of ${kind.options.map((o) => `"${o}"`).join(', ')}`;
    case 'nodePath':
      return `a node path (text) to ${kind.accepts.describe}, or "" for none`;
    case 'pathList':
      return `a list of node paths (text) to ${kind.accepts.describe}, "" for none`;
    case 'color':
      return `a colour: a theme name (bone, ground, target…), a CSS colour name, #rrggbb or rgb(…)${kind.allowNone ? ', or "" for none' : ''}`;
    case 'points':
      return 'a list of [x, y] pairs';
    case 'limits':
      return 'a list of { limited, min, max } (angles in radians)';
    case 'text':
      return 'text';
  }
}

function numberRange(k: NumberKind): string {
  const what = k.integer ? 'a whole number' : 'a number';
  const unit = k.unit ? ` (${k.unit})` : '';
  const min = k.min ?? -Infinity;
  const max = k.max ?? Infinity;
  if (min === -Infinity && max === Infinity)
    return `${k.integer ? what : 'a finite number'}${unit}`;
  if (max === Infinity) return `${what} ≥ ${min}${unit}`;
  if (min === -Infinity) return `${what} ≤ ${max}${unit}`;
  return `${what} from ${min} to ${max}${unit}`;
}

const round = (v: number) => Number(v.toFixed(4));
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A CSS colour in the forms a scene file may use. Names are letters only: theme names ("bone")
 * and CSS names ("tomato") both pass; drawing falls back to white for a name it does not know.
 */
const COLOR =
  /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(rgb|rgba|hsl|hsla)\([-+0-9.%,\s/a-z]*\)|[a-z]+)$/i;

/**
 * Why `value` is not allowed for this kind ('' when it is). Checks range and shape only: the
 * kind's JavaScript type is assumed (the inspector and the readers below make it).
 */
export function problemWith(kind: PropertyKind, value: unknown): string {
  const bad = `must be ${expectedOf(kind)}`;
  switch (kind.type) {
    case 'number': {
      if (!finite(value)) return bad;
      if (kind.integer && !Number.isInteger(value)) return bad;
      if (value < (kind.min ?? -Infinity) || value > (kind.max ?? Infinity)) return bad;
      return '';
    }
    case 'angle':
      if (!finite(value)) return bad;
      if (kind.min !== undefined && value < kind.min - 1e-12) return bad;
      if (kind.max !== undefined && value > kind.max + 1e-12) return bad;
      return '';
    case 'vector': {
      const v = value as Vec2;
      if (!v || !finite(v.x) || !finite(v.y)) return bad;
      if (kind.min !== undefined && (v.x < kind.min || v.y < kind.min)) return bad;
      return '';
    }
    case 'boolean':
      return typeof value === 'boolean' ? '' : bad;
    case 'choice':
      return typeof value === 'string' && kind.options.includes(value) ? '' : bad;
    case 'nodePath':
    case 'text':
      return typeof value === 'string' ? '' : bad;
    case 'pathList':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? '' : bad;
    case 'color':
      if (typeof value !== 'string') return bad;
      if (value === '') return kind.allowNone ? '' : bad;
      return COLOR.test(value.trim()) ? '' : bad;
    case 'points':
      return Array.isArray(value) && value.every((p: Vec2) => p && finite(p.x) && finite(p.y))
        ? ''
        : bad;
    case 'limits':
      return Array.isArray(value) &&
        value.every(
          (l: AngleRange) => l && typeof l.limited === 'boolean' && finite(l.min) && finite(l.max),
        )
        ? ''
        : bad;
  }
}

/** Reads a value from scene JSON. Throws SceneFormatError naming `at` (and the item, in lists). */
export function readValue(kind: PropertyKind, json: unknown, at: string): unknown {
  const fail = (where: string, expected: string, got: unknown): never => {
    throw new SceneFormatError(where, expected, got);
  };
  const number = (v: unknown, where: string): number =>
    finite(v) ? v : fail(where, 'a finite number', v);
  const pair = (v: unknown, where: string): Vec2 => {
    if (!Array.isArray(v) || v.length !== 2) return fail(where, 'a pair of numbers [x, y]', v);
    return { x: number(v[0], `${where}[0]`), y: number(v[1], `${where}[1]`) };
  };
  let value: unknown;
  switch (kind.type) {
    case 'vector':
      value = pair(json, at);
      break;
    case 'points':
      if (!Array.isArray(json)) fail(at, expectedOf(kind), json);
      value = (json as unknown[]).map((p, i) => pair(p, `${at}[${i}]`));
      break;
    case 'pathList':
      if (!Array.isArray(json)) fail(at, expectedOf(kind), json);
      value = (json as unknown[]).map((p, i) =>
        typeof p === 'string' ? p : fail(`${at}[${i}]`, 'a node path (text)', p),
      );
      break;
    case 'limits':
      if (!Array.isArray(json)) fail(at, expectedOf(kind), json);
      value = (json as unknown[]).map((item, i) => readLimit(item, `${at}[${i}]`));
      break;
    case 'number':
    case 'angle':
      value = json;
      if (!finite(json)) fail(at, expectedOf(kind), json);
      break;
    default:
      value = json;
  }
  const problem = problemWith(kind, value);
  if (problem) fail(at, expectedOf(kind), json);
  return value;
}

function readLimit(item: unknown, at: string): AngleRange {
  if (!isObject(item)) throw new SceneFormatError(at, 'an object { limited, min, max }', item);
  for (const key of Object.keys(item))
    if (key !== 'limited' && key !== 'min' && key !== 'max')
      throw new SceneFormatError(
        `${at}.${key}`,
        'no such field on a joint limit (fields: limited, max, min)',
        item[key],
      );
  const limited = item.limited ?? false;
  const min = item.min ?? -Math.PI;
  const max = item.max ?? Math.PI;
  if (typeof limited !== 'boolean')
    throw new SceneFormatError(`${at}.limited`, 'true or false', limited);
  if (!finite(min)) throw new SceneFormatError(`${at}.min`, 'a finite number', min);
  if (!finite(max)) throw new SceneFormatError(`${at}.max`, 'a finite number', max);
  return { limited, min, max };
}

/** The JSON form of a value (vectors as [x, y]). */
export function writeValue(kind: PropertyKind, value: unknown): unknown {
  switch (kind.type) {
    case 'vector': {
      const v = value as Vec2;
      return [v.x, v.y];
    }
    case 'points':
      return (value as Vec2[]).map((p) => [p.x, p.y]);
    case 'pathList':
      return [...(value as string[])];
    case 'limits':
      return (value as AngleRange[]).map((l) => ({ limited: l.limited, min: l.min, max: l.max }));
    default:
      return value;
  }
}

/** A copy that shares nothing mutable with `value` (undo keeps values across edits). */
export function copyValue<V>(kind: PropertyKind, value: V): V {
  switch (kind.type) {
    case 'vector': {
      const v = value as Vec2;
      return { x: v.x, y: v.y } as V;
    }
    case 'points':
      return (value as Vec2[]).map((p) => ({ x: p.x, y: p.y })) as V;
    case 'pathList':
      return [...(value as string[])] as V;
    case 'limits':
      return (value as AngleRange[]).map((l) => ({ ...l })) as V;
    default:
      return value;
  }
}

/** Exact equality of two values of a kind (no tolerance: undo must return exactly). */
export function sameValue(kind: PropertyKind, a: unknown, b: unknown): boolean {
  switch (kind.type) {
    case 'vector':
      return (a as Vec2).x === (b as Vec2).x && (a as Vec2).y === (b as Vec2).y;
    case 'points': {
      const p = a as Vec2[];
      const q = b as Vec2[];
      return p.length === q.length && p.every((v, i) => v.x === q[i]!.x && v.y === q[i]!.y);
    }
    case 'pathList': {
      const p = a as string[];
      const q = b as string[];
      return p.length === q.length && p.every((v, i) => v === q[i]);
    }
    case 'limits': {
      const p = a as AngleRange[];
      const q = b as AngleRange[];
      return (
        p.length === q.length &&
        p.every((l, i) => l.limited === q[i]!.limited && l.min === q[i]!.min && l.max === q[i]!.max)
      );
    }
    default:
      return a === b;
  }
}

const fixed = (n: number, digits = 1): string => {
  const s = n.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
};
const degrees = (r: number): string => `${fixed(wrapAngle(r) * DEG)}°`;

/** The value as the scene panel shows it: one short line. */
export function formatValue(kind: PropertyKind, value: unknown): string {
  switch (kind.type) {
    case 'number':
      return kind.integer
        ? String(value)
        : fixed(value as number, (value as number) % 1 === 0 ? 1 : 3);
    case 'angle':
      return degrees(value as number);
    case 'vector': {
      const v = value as Vec2;
      return `(${fixed(v.x)}, ${fixed(v.y)})`;
    }
    case 'boolean':
      return value ? 'on' : 'off';
    case 'nodePath':
      return value === '' ? '(none)' : String(value);
    case 'pathList': {
      const list = value as string[];
      return list.length ? list.map((p) => p || '—').join(', ') : '(none)';
    }
    case 'color':
      return value === '' ? '(none)' : String(value);
    case 'points':
      return `${(value as Vec2[]).length} points`;
    case 'limits': {
      const list = value as AngleRange[];
      const on = list.filter((l) => l.limited);
      return on.length
        ? list.map((l) => (l.limited ? `${degrees(l.min)}…${degrees(l.max)}` : 'free')).join(', ')
        : 'none';
    }
    default:
      return String(value);
  }
}

/**
 * Reads a value typed as text (a URL parameter, an inspector field): numbers as written,
 * angles in degrees, vectors as "x, y", booleans as true/false. Returns the value, or the
 * message saying what is allowed.
 */
export function parseText(
  kind: PropertyKind,
  text: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const t = text.trim();
  const num = (s: string) => (s.trim() === '' ? NaN : Number(s));
  let value: unknown;
  switch (kind.type) {
    case 'number':
      value = num(t);
      break;
    case 'angle':
      value = num(t.replace(/°$/, '')) / DEG;
      break;
    case 'vector': {
      const parts = t
        .replace(/^\(|\)$/g, '')
        .split(/[,;\s]+/)
        .filter(Boolean);
      value = parts.length === 2 ? { x: num(parts[0]!), y: num(parts[1]!) } : null;
      break;
    }
    case 'boolean':
      value = ['true', '1', 'yes', 'on'].includes(t)
        ? true
        : ['false', '0', 'no', 'off'].includes(t)
          ? false
          : null;
      break;
    default:
      value = t;
  }
  const problem = value === null ? 'x' : problemWith(kind, value);
  if (!problem) return { ok: true, value };
  return { ok: false, message: `must be ${textExpected(kind)}; got ${describe(text)}` };
}

/** What `parseText` accepts, in words (degrees for angles, "x, y" for vectors). */
export function textExpected(kind: PropertyKind): string {
  switch (kind.type) {
    case 'angle':
      return kind.min !== undefined && kind.max !== undefined
        ? `an angle in degrees from ${fixed(kind.min * DEG)} to ${fixed(kind.max * DEG)}`
        : 'an angle in degrees';
    case 'vector':
      return kind.min !== undefined
        ? `two numbers "x, y", each ≥ ${kind.min}`
        : 'two numbers "x, y"';
    default:
      return expectedOf(kind);
  }
}
