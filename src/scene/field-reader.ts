import type { Vec2 } from '../math/vec2';
import { SceneFormatError } from './scene-format-error';

/**
 * Reads typed fields out of one JSON object, remembering which keys were used so the loader can
 * reject unknown ones (a typo like "lenght" should not be silently ignored).
 */
export class FieldReader {
  private readonly used = new Set<string>();

  constructor(
    readonly path: string,
    private readonly json: Record<string, unknown>,
  ) {}

  has(key: string): boolean {
    return key in this.json;
  }

  raw(key: string): unknown {
    this.used.add(key);
    return this.json[key];
  }

  number(key: string, fallback: number, range?: { min?: number; max?: number }): number {
    const v = this.raw(key);
    if (v === undefined) return fallback;
    const min = range?.min ?? -Infinity;
    const max = range?.max ?? Infinity;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
      throw new SceneFormatError(this.at(key), finiteRange(min, max), v);
    }
    return v;
  }

  vec2(key: string, fallback: Vec2): Vec2 {
    const v = this.raw(key);
    if (v === undefined) return fallback;
    if (!Array.isArray(v) || v.length !== 2) {
      throw new SceneFormatError(this.at(key), 'a pair of numbers [x, y]', v);
    }
    const [x, y] = v.map((n, i) => {
      if (typeof n !== 'number' || !Number.isFinite(n)) {
        throw new SceneFormatError(`${this.at(key)}[${i}]`, 'a finite number', n);
      }
      return n;
    }) as [number, number];
    return { x, y };
  }

  /** A list of points, written as [[x, y], …]. */
  vec2List(key: string, fallback: Vec2[]): Vec2[] {
    const v = this.raw(key);
    if (v === undefined) return fallback;
    if (!Array.isArray(v)) throw new SceneFormatError(this.at(key), 'a list of [x, y] pairs', v);
    return v.map((pair, i) => {
      if (!Array.isArray(pair) || pair.length !== 2)
        throw new SceneFormatError(`${this.at(key)}[${i}]`, 'a pair of numbers [x, y]', pair);
      const [x, y] = pair as unknown[];
      if (typeof x !== 'number' || !Number.isFinite(x))
        throw new SceneFormatError(`${this.at(key)}[${i}][0]`, 'a finite number', x);
      if (typeof y !== 'number' || !Number.isFinite(y))
        throw new SceneFormatError(`${this.at(key)}[${i}][1]`, 'a finite number', y);
      return { x, y };
    });
  }

  string(key: string, fallback: string): string {
    const v = this.raw(key);
    if (v === undefined) return fallback;
    if (typeof v !== 'string') throw new SceneFormatError(this.at(key), 'a string', v);
    return v;
  }

  boolean(key: string, fallback: boolean): boolean {
    const v = this.raw(key);
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') throw new SceneFormatError(this.at(key), 'true or false', v);
    return v;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const v = this.raw(key);
    if (v === undefined) return fallback;
    if (typeof v !== 'string' || !allowed.includes(v as T)) {
      throw new SceneFormatError(
        this.at(key),
        `one of ${allowed.map((a) => `"${a}"`).join(', ')}`,
        v,
      );
    }
    return v as T;
  }

  /** Throws on the first key no handler read. */
  rejectUnknown(typeName: string): void {
    for (const key of Object.keys(this.json)) {
      if (!this.used.has(key)) {
        const allowed = [...this.used].sort().join(', ');
        throw new SceneFormatError(
          this.at(key),
          `no such field on ${typeName} (fields: ${allowed})`,
          this.json[key],
        );
      }
    }
  }

  at(key: string): string {
    return `${this.path}.${key}`;
  }
}

function finiteRange(min: number, max: number): string {
  if (min === -Infinity && max === Infinity) return 'a finite number';
  if (max === Infinity) return `a number ≥ ${min}`;
  if (min === -Infinity) return `a number ≤ ${max}`;
  return `a number from ${min} to ${max}`;
}
