import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('every iframe snippet in the README loads lazily', () => {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const iframes = readme.match(/<iframe\s[^>]*>/g) ?? [];
  expect(iframes.length).toBeGreaterThan(0);
  for (const tag of iframes) expect(tag).toMatch(/\sloading="lazy"\s/);
});
