/**
 * A demo's parameter schema: every value a lesson, a URL or an embed may preset, with its
 * default, range and label. The same schema validates URLs and builds the demo's controls
 * (one label per setting: the control, the error messages, the embed parameter tables).
 * Angles are written in degrees here (people type them); demos convert to radians.
 */
interface ParamCommon {
  label: string;
  /**
   * A setting the figure's lesson text names: its control sits with the canvas on every
   * screen (beside it on a laptop, right under it on a phone); the others wait under "More".
   */
  primary?: boolean;
  /**
   * No control on the figure: the value is set by dragging (a target's x) or fixes the figure
   * as it is built (a chain's bone count); a URL, a lesson block or an embed still sets it.
   */
  control?: false;
}
export interface NumberParam extends ParamCommon {
  type: 'number';
  default: number;
  min: number;
  max: number;
  step?: number;
  /** Written out, for messages and tables ("degrees", "scene units"); the control shows "°". */
  unit?: string;
  /**
   * Logarithmic slider: equal travel multiplies the value by equal factors, for ranges that
   * span decades (a tolerance of 0.01 to 40).
   */
  log?: boolean;
}
export interface BooleanParam extends ParamCommon {
  type: 'boolean';
  default: boolean;
}
export interface ChoiceParam extends ParamCommon {
  type: 'choice';
  default: string;
  options: readonly string[];
}
export type ParamSpec = NumberParam | BooleanParam | ChoiceParam;
export type ParamSchema = Record<string, ParamSpec>;

export type ParamValue<S extends ParamSpec> = S extends NumberParam
  ? number
  : S extends BooleanParam
    ? boolean
    : string;
export type ParamValues<S extends ParamSchema> = { [K in keyof S]: ParamValue<S[K]> };

export interface ParamError {
  /** The parameter name as written (or the unknown name). */
  param: string;
  /** What was wrong and what is allowed, in plain words. */
  message: string;
}

export type ParamParse<S extends ParamSchema> =
  | { ok: true; values: ParamValues<S> }
  | { ok: false; errors: ParamError[]; values: ParamValues<S> };

export function defaultValues<S extends ParamSchema>(schema: S): ParamValues<S> {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(schema)) setOwn(out, key, spec.default);
  return out as ParamValues<S>;
}

/**
 * The schema's entry for a name typed by a user (a URL, a lesson block, a scene's exposed
 * property): own entries only, so "constructor", "toString" or "__proto__" are unknown names,
 * never Object.prototype's members.
 */
export function specOf(schema: ParamSchema, name: string): ParamSpec | undefined {
  return Object.hasOwn(schema, name) ? schema[name] : undefined;
}

/** Sets `record[key]` as an own property, even for "__proto__" (which `=` would swallow). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * Raw parameters in the shape `parseParams` reads: a URL's query or a lesson block's lines,
 * gathered by name. Every name is an own key (a name such as "__proto__" is kept, to be
 * reported), and a name given more than once keeps all its values in order, so that
 * `parseParams` can use the first (as URLSearchParams.get does) and say so.
 */
export function rawParams(
  pairs: Iterable<readonly [string, string]>,
): Record<string, string | string[]> {
  const all = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    const seen = all.get(name);
    if (seen) seen.push(value);
    else all.set(name, [value]);
  }
  const out: Record<string, string | string[]> = {};
  for (const [name, values] of all) setOwn(out, name, values.length === 1 ? values[0]! : values);
  return out;
}

/** How much of a user's input a message repeats: enough to recognise it, never a wall of text. */
export const QUOTE_LENGTH = 40;

/**
 * User input as a message shows it: in double quotes, cut to about 40 characters (whole
 * characters, never half an emoji) and ended with "…" when cut, e.g. `"aaaa…"`.
 */
export function quote(text: string): string {
  return JSON.stringify(clip(text));
}

/** `text` cut to at most `max` characters (code points), with "…" when cut. */
export function clip(text: string, max = QUOTE_LENGTH): string {
  if (text.length <= max) return text;
  // 2·max + 1 code units hold at least max + 1 characters: enough to know whether to cut.
  const head = Array.from(text.slice(0, 2 * max + 1));
  return head.length <= max ? text : head.slice(0, max).join('') + '…';
}

/** A value as a message echoes it: strings quoted and cut, numbers and booleans as written. */
function shown(value: unknown): string {
  return typeof value === 'string' ? quote(value) : clip(String(value));
}

/**
 * The report for a parameter given more than once, which one rule decides everywhere (URL
 * parameters, page options, lesson blocks): the first value is used.
 */
export function repeatedParam(name: string, values: readonly unknown[]): ParamError {
  const first = values[0];
  const plain = typeof first === 'string' && /^[\w.+-]+$/.test(first);
  return {
    param: name,
    message: `${quote(name)} is given ${values.length} times; the first, ${plain ? clip(first) : shown(first)}, is used.`,
  };
}

/**
 * The value a page uses for a parameter that may be given more than once (`getAll`'s list):
 * the first, with the report when there were more.
 */
export function firstOf(
  name: string,
  values: readonly string[],
  errors: ParamError[],
): string | null {
  if (values.length > 1) errors.push(repeatedParam(name, values));
  return values[0] ?? null;
}

/** Describes what a parameter accepts, for error messages and documentation. */
export function allowedValues(spec: ParamSpec): string {
  switch (spec.type) {
    case 'number':
      return `a number from ${spec.min} to ${spec.max}${spec.unit ? ` (${spec.unit})` : ''}`;
    case 'boolean':
      return 'true or false';
    case 'choice':
      return `one of ${spec.options.join(', ')}`;
  }
}

/** Reads one raw value (a URL or Markdown string, or an already-typed value). */
export function parseValue(
  spec: ParamSpec,
  raw: unknown,
): { ok: true; value: number | boolean | string } | { ok: false } {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (spec.type) {
    case 'number': {
      const n =
        typeof text === 'number'
          ? text
          : typeof text === 'string' && text !== ''
            ? Number(text)
            : NaN;
      return Number.isFinite(n) && n >= spec.min && n <= spec.max
        ? { ok: true, value: n }
        : { ok: false };
    }
    case 'boolean': {
      if (text === true || text === 'true' || text === '1' || text === 'yes' || text === 'on')
        return { ok: true, value: true };
      if (text === false || text === 'false' || text === '0' || text === 'no' || text === 'off')
        return { ok: true, value: false };
      return { ok: false };
    }
    case 'choice':
      return typeof text === 'string' && spec.options.includes(text)
        ? { ok: true, value: text }
        : { ok: false };
  }
}

/**
 * Validates raw values against the schema. Unknown names, repeated names and bad values are all
 * reported (not just the first), and `values` always holds a usable set: defaults where input
 * was bad. A raw value that is an array is a parameter given more than once (see `rawParams`):
 * its first value is used, as URLSearchParams.get does.
 */
export function parseParams<S extends ParamSchema>(
  schema: S,
  raw: Record<string, unknown>,
  demoId = 'this demo',
): ParamParse<S> {
  const values = defaultValues(schema) as Record<string, unknown>;
  const errors: ParamError[] = [];
  const names = Object.keys(schema);
  for (const [key, given] of Object.entries(raw)) {
    const spec = specOf(schema, key);
    if (!spec) {
      errors.push({
        param: key,
        message: `${quote(key)} is not a parameter of ${demoId}. Its parameters are: ${names.join(', ') || '(none)'}.`,
      });
      continue;
    }
    let value = given;
    if (Array.isArray(given)) {
      if (given.length > 1) errors.push(repeatedParam(key, given));
      value = given[0];
    }
    const parsed = parseValue(spec, value);
    if (parsed.ok) setOwn(values, key, parsed.value);
    else {
      errors.push({
        param: key,
        message: `${quote(key)} (${spec.label}) must be ${allowedValues(spec)}; got ${shown(value)}.`,
      });
    }
  }
  const typed = values as ParamValues<S>;
  return errors.length ? { ok: false, errors, values: typed } : { ok: true, values: typed };
}

/**
 * A demo's state as its share link writes it: numbers rounded to their step (or to 3 decimals),
 * so a link reads `targetX=120`, not `targetX=120.00000000000001`. Rounding never takes a value
 * out of its range; a value already outside it is left as it is, for the schema to report.
 */
export function roundParams(
  schema: ParamSchema,
  values: Record<string, number | boolean | string>,
): Record<string, number | boolean | string> {
  const out: Record<string, number | boolean | string> = {};
  for (const [key, value] of Object.entries(values)) {
    const spec = specOf(schema, key);
    setOwn(
      out,
      key,
      spec?.type === 'number' && typeof value === 'number' ? round(spec, value) : value,
    );
  }
  return out;
}

function round(spec: NumberParam, v: number): number {
  if (!Number.isFinite(v) || v < spec.min || v > spec.max) return v;
  const r = spec.step
    ? spec.min + Math.round((v - spec.min) / spec.step) * spec.step
    : Math.round(v * 1000) / 1000;
  // A step's multiples carry float noise (0.1 × 3): written to at most 6 decimals.
  const tidy = Number(r.toFixed(6));
  return Math.min(spec.max, Math.max(spec.min, tidy));
}

/** Writes the values that differ from the defaults as URL query pairs (for share links). */
export function paramsToQuery<S extends ParamSchema>(
  schema: S,
  values: Partial<ParamValues<S>>,
): URLSearchParams {
  const q = new URLSearchParams();
  for (const [key, spec] of Object.entries(schema)) {
    const v = (values as Record<string, unknown>)[key];
    if (v === undefined || v === spec.default) continue;
    q.set(key, typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : String(v));
  }
  return q;
}

/**
 * The settings a page asks to put with the canvas (a lesson block's `primary: pole, flipBend`,
 * a URL's `primary=pole,flipBend`), checked against the schema: names it does not know, or
 * settings that have no control, are reported and left out. Undefined when not asked.
 */
export function parsePrimary(
  schema: ParamSchema,
  raw: unknown,
  errors: ParamError[],
): string[] | undefined {
  if (raw === undefined) return undefined;
  const text = Array.isArray(raw) ? String(raw[0]) : String(raw);
  if (Array.isArray(raw) && raw.length > 1) errors.push(repeatedParam('primary', raw));
  const names = text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const controlled = Object.keys(schema).filter((k) => schema[k]!.control !== false);
  const bad = names.filter((n) => !controlled.includes(n));
  if (bad.length)
    errors.push({
      param: 'primary',
      message: `"primary" names ${bad.map(quote).join(', ')}, which ${bad.length === 1 ? 'is not a setting' : 'are not settings'} with a control here. It takes a list of: ${controlled.join(', ') || '(none)'}.`,
    });
  return names.filter((n) => controlled.includes(n));
}
