import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const DIR = resolve(import.meta.dirname, '../../lessons');

/** Every predict block of every lesson: its options, and which one is keyed. */
function predictions(): { where: string; options: { text: string; keyed: boolean }[] }[] {
  const out = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(resolve(DIR, file), 'utf8');
    for (const m of text.matchAll(/^```predict\n([\s\S]*?)^```$/gm)) {
      const options = [...m[1]!.matchAll(/^- \[( |x)\] (.*)$/gm)].map((o) => ({
        keyed: o[1] === 'x',
        text: o[2]!,
      }));
      out.push({ where: `${file}: ${options.find((o) => o.keyed)?.text ?? '?'}`, options });
    }
  }
  return out;
}

const hasNumber = (s: string) => /\d/.test(s.replace(/\$[^$]*\$/g, ''));

it('no prediction gives its answer away as the only option with a number in it', () => {
  const all = predictions();
  expect(all.length).toBeGreaterThan(40);
  const giveaways = all
    .filter(({ options }) => {
      const keyed = options.filter((o) => o.keyed);
      const others = options.filter((o) => !o.keyed);
      return keyed.some((o) => hasNumber(o.text)) && !others.some((o) => hasNumber(o.text));
    })
    .map((p) => p.where);
  expect(giveaways).toEqual([]);
});
