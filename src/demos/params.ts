/**
 * A demo's parameter schema: every value a lesson, a URL or an embed may preset, with its
 * default, range and label. The same schema validates URLs and builds the demo's controls.
 * Angles are written in degrees here (people type them); demos convert to radians.
 */
export interface NumberParam {
  type: 'number';
  label: string;
  default: number;
  min: number;
  max: number;
  step?: number;
  unit?: string;
}
export interface BooleanParam {
  type: 'boolean';
  label: string;
  default: boolean;
}
export interface ChoiceParam {
  type: 'choice';
  label: string;
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
  for (const [key, spec] of Object.entries(schema)) out[key] = spec.default;
  return out as ParamValues<S>;
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
 * Validates raw values against the schema. Unknown names and bad values are all reported (not
 * just the first), and `values` always holds a usable set: defaults where input was bad.
 */
export function parseParams<S extends ParamSchema>(
  schema: S,
  raw: Record<string, unknown>,
  demoId = 'this demo',
): ParamParse<S> {
  const values = defaultValues(schema) as Record<string, unknown>;
  const errors: ParamError[] = [];
  const names = Object.keys(schema);
  for (const [key, value] of Object.entries(raw)) {
    const spec = schema[key];
    if (!spec) {
      errors.push({
        param: key,
        message: `"${key}" is not a parameter of ${demoId}. Its parameters are: ${names.join(', ') || '(none)'}.`,
      });
      continue;
    }
    const parsed = parseValue(spec, value);
    if (parsed.ok) values[key] = parsed.value;
    else {
      const shown =
        typeof value === 'string'
          ? JSON.stringify(value.length > 30 ? value.slice(0, 30) + '…' : value)
          : String(value);
      errors.push({
        param: key,
        message: `"${key}" (${spec.label}) must be ${allowedValues(spec)}; got ${shown}.`,
      });
    }
  }
  const typed = values as ParamValues<S>;
  return errors.length ? { ok: false, errors, values: typed } : { ok: true, values: typed };
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
