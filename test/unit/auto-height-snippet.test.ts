import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { autoHeightSnippet } from '../../src/embed/auto-height-snippet';

it("the README's auto-height snippet is the one the instructors page gives", () => {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const block = /<!-- auto-height-snippet -->\s*```html\n([\s\S]*?)```/.exec(readme);
  expect(block?.[1]).toBe(autoHeightSnippet('https://your-host'));
});
