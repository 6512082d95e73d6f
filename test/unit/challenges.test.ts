import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  answerVerdict,
  meetsCheck,
  parseChallengeBlock,
  readNumber,
} from '../../src/course/challenge-block';
import { renderLessonHtml } from '../../src/course/markdown';
import { runDemo } from './fake-controls';

const DIR = resolve(import.meta.dirname, '../../lessons');

/** Every challenge in the lessons, with the demo it reads (named, or the nearest above it). */
function lessonChallenges() {
  const out: { where: string; body: string; demo: string | null }[] = [];
  for (const f of readdirSync(DIR).filter((f) => f.endsWith('.md'))) {
    let demo: string | null = null;
    let n = 0;
    for (const m of readFileSync(resolve(DIR, f), 'utf8').matchAll(
      /```(demo [\w-]+|challenge)\n([\s\S]*?)```/g,
    )) {
      if (m[1]!.startsWith('demo ')) demo = m[1]!.slice(5);
      else out.push({ where: `${f} challenge ${++n}`, body: m[2]!, demo });
    }
  }
  return out;
}

describe('checked challenges', () => {
  it('reads numbers as people write them', () => {
    expect(readNumber('−12.5°')).toBe(-12.5);
    expect(readNumber('10,95')).toBe(10.95);
    expect(readNumber(' 76 ')).toBe(76);
    expect(readNumber('measuring…')).toBeNull();
    // A typed answer is one number, nothing else: a list of guesses does not pass.
    const answer = { kind: 'answer', value: 76, tolerance: 0.5 } as const;
    expect(meetsCheck(answer, ' 76 ')).toBe(true);
    expect(meetsCheck(answer, '76,2')).toBe(true);
    expect(meetsCheck(answer, '76 or 80')).toBe(false);
    expect(meetsCheck(answer, '76°')).toBe(true);
    expect(meetsCheck(answer, '76 degrees')).toBe(false);
    // A readout keeps its words: the first number counts.
    expect(meetsCheck({ kind: 'readout', readout: 'x', min: 75, max: 77 }, '76.0° and more')).toBe(
      true,
    );
  });

  it('says what is wrong with a malformed block', () => {
    expect(parseChallengeBlock('Do it.\ncheck: readout x from 3 to 1').problems).toEqual([
      'In "check: readout x from 3 to 1" the range is empty: 3 is not below 1.',
    ]);
    expect(parseChallengeBlock('Do it.').problems[0]).toMatch(/says nothing to check/);
    expect(parseChallengeBlock('answer: 4 ± 0').problems).toEqual([
      'In "answer: 4 ± 0" the tolerance must be above 0.',
      'The challenge block sets no task: write it on the first line.',
    ]);
    const html = renderLessonHtml('x', '```challenge\nDo it.\nanswer: twelve\n```\n');
    expect(html).toMatch(
      /<div class="demo-error" role="alert">Challenge 1 of this lesson cannot be shown/,
    );
  });

  it('every lesson challenge is well formed: its right answer passes, a near miss does not', () => {
    const all = lessonChallenges();
    expect(all.length).toBeGreaterThan(0);
    for (const { where, body, demo } of all) {
      const b = parseChallengeBlock(body);
      expect(b.problems, where).toEqual([]);
      const c = b.check!;
      if (c.kind === 'answer') {
        expect(meetsCheck(c, String(c.value)), where).toBe(true);
        expect(meetsCheck(c, String(c.value + 2 * c.tolerance)), where).toBe(false);
        expect(meetsCheck(c, String(c.value - 2 * c.tolerance)), where).toBe(false);
        continue;
      }
      const mid = (c.min + c.max) / 2;
      const width = c.max - c.min;
      // Readout texts carry units and words after the number; the first number is what counts.
      expect(meetsCheck(c, `${mid}% of the jump`), where).toBe(true);
      expect(meetsCheck(c, `${c.min - width}°`), where).toBe(false);
      expect(meetsCheck(c, `${c.max + width}`), where).toBe(false);
      // The figure it reads has that readout.
      const id = b.demo ?? demo;
      expect(id, `${where} reads no figure`).not.toBeNull();
      const { controls } = runDemo(id!);
      expect([...controls.readouts.keys()], where).toContain(c.readout);
    }
  });

  it('a wrong typed answer brings the hint; a readout challenge offers it on request', () => {
    const check = { kind: 'answer', value: 10.95, tolerance: 0.05 } as const;
    expect(answerVerdict(check, ' ', true)).toEqual({
      solved: false,
      text: 'Type a number first.',
      showHint: false,
    });
    expect(answerVerdict(check, '11.1', true)).toEqual({
      solved: false,
      text: 'Not yet: 11.1 is not it. ',
      showHint: true,
    });
    expect(answerVerdict(check, '11.1', false).text).toBe('Not yet: 11.1 is not it. Try again.');
    expect(answerVerdict(check, '10,95', true)).toMatchObject({ solved: true, showHint: false });
    // The hint is in the page but hidden until a wrong answer (a <template>), maths typeset.
    const typed = renderLessonHtml(
      'x',
      '```challenge\nHow much?\nanswer: 2 ± 0.1\nhint: Set $\\zeta$ to 1.\n```\n',
    );
    expect(typed).toMatch(
      /<template class="challenge__hint"><strong>Hint:<\/strong> Set <span class="katex">.*<\/template><\/form>/,
    );
    const watched = renderLessonHtml(
      'x',
      '```challenge\nHold it.\ncheck: readout beta from 89 to 91\nhint: Think of Pythagoras.\n```\n',
    );
    expect(watched).toContain(
      '<details class="challenge__hint"><summary>Stuck? A hint</summary><p><strong>Hint:</strong> Think of Pythagoras.</p></details>',
    );
    expect(parseChallengeBlock('Do.\nanswer: 1 ± 0.1\nhint:').problems).toEqual([
      'The "hint:" line is empty: point at the idea in one sentence.',
    ]);
  });

  it('every lesson challenge has a one-sentence hint that does not give the answer away', () => {
    const all = lessonChallenges();
    expect(all.length).toBeGreaterThanOrEqual(26);
    for (const { where, body } of all) {
      const { hint, check } = parseChallengeBlock(body);
      expect(hint, where).toBeTruthy();
      expect(hint!.length, where).toBeLessThan(200);
      if (check!.kind === 'answer') {
        const digits = String(Math.abs(check!.value));
        expect(hint!.replace(/\s/g, ''), where).not.toContain(digits);
      }
    }
  });
});
