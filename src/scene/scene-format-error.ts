/**
 * A scene file that does not match the format. `path` names the bad field the way you would
 * reach it in the JSON ("root.children[1].scale[0]"); `expected` says what is allowed there.
 */
export class SceneFormatError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
    readonly got: unknown,
  ) {
    super(`${path}: expected ${expected}, got ${describe(got)}`);
    this.name = 'SceneFormatError';
  }
}

export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return 'an object';
}
