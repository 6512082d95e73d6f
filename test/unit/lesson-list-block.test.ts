import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { courseLessons, indexLessons, lessonHtml } from '../../lesson-pages';
import { LessonDirectiveError } from '../../src/course/lesson-list-block';
import { renderLessonHtml } from '../../src/course/markdown';

/** Lists of lessons are generated from the lesson index, never typed (issue 38). */
const DIR = resolve(import.meta.dirname, '../../lessons');
const LESSONS = courseLessons(DIR);

/** Each listed lesson of some HTML: its number, link and title, in order. */
const listed = (html: string) =>
  [...html.matchAll(/<li value="(\d+)"><a href="#\/([\w-]+)"><strong>([^<]*)<\/strong><\/a>/g)].map(
    ([, n, id, title]) => ({ number: Number(n), id: id!, title: title!.replace(/&#39;/g, "'") }),
  );

const render = (block: string, lessonId = 'ccd') =>
  renderLessonHtml(lessonId, `\`\`\`lessons\n${block}\`\`\`\n`, undefined, LESSONS);

describe('lessons blocks', () => {
  it('a bare block lists the whole course: every lesson file, in order, numbered and linked', () => {
    const index = indexLessons(DIR);
    expect(LESSONS.map((l) => l.id)).toEqual(index.map((l) => l.lesson!.meta.id));
    expect(listed(render(''))).toEqual(
      index.map((l, i) => ({ number: i + 1, id: l.lesson!.meta.id, title: l.lesson!.meta.title })),
    );
  });

  it('from and to cut the list; a note follows its lesson, in Markdown, over indented lines', () => {
    const html = render('from: 3\nto: 5\nccd: one joint at a time,\n  *tip first*.\n');
    expect(listed(html).map((l) => l.number)).toEqual([3, 4, 5]);
    expect(html).toContain('<ol class="lesson-list" start="3">');
    expect(html).toContain(
      '<strong>CCD</strong></a>: one joint at a time, <em>tip first</em>.</li>',
    );
  });

  it("lesson 10's recap lists every lesson before it, in order, then itself", () => {
    const { html } = lessonHtml(join(DIR, '10-reaching-in-sequence.md'));
    const recap = html.slice(html.indexOf('id="reaching-in-sequence--recap"'));
    const ten = LESSONS.findIndex((l) => l.id === 'reaching-in-sequence');
    expect(listed(recap)).toEqual(LESSONS.slice(0, ten + 1));
  });

  it('a mistake names the lesson, says what is wrong and what a block may hold', () => {
    const fails = (block: string) => () => render(block);
    const syntax = `A lessons block takes "from: N" and "to: M" (whole lesson numbers, 1 ≤ N ≤ M ≤ ${LESSONS.length}`;
    expect(fails('form: 3\n')).toThrow(LessonDirectiveError);
    expect(fails('form: 3\n')).toThrow(
      'Lesson 4 (ccd), lessons block 1: "form" is neither an option (from, to) nor a lesson\'s id.',
    );
    expect(fails('form: 3\n')).toThrow(syntax);
    expect(fails('to: 40\n')).toThrow(
      `"to: 40" is not a lesson number from 1 to ${LESSONS.length}.`,
    );
    expect(fails('from: 0\n')).toThrow('"from: 0" is not a lesson number');
    expect(fails('from: 2.5\n')).toThrow('"from: 2.5" is not a lesson number');
    expect(fails('from: 5\nto: 3\n')).toThrow('"from: 5" comes after "to: 3".');
    expect(fails('to: 3\nfabrik: x\n')).toThrow(
      '"fabrik" is lesson 5, outside this list\'s lessons 1 to 3.',
    );
    expect(fails('  stray\n')).toThrow('The indented line "stray" continues no lesson\'s note.');
    expect(fails('to: 3\nto: 4\n')).toThrow('"to" is given twice.');
    expect(() => renderLessonHtml('x', '```lessons\n```\n')).toThrow(
      'Lesson "x", lessons block 1: no lesson index was given to list lessons from.',
    );
  });

  it('a bad block stops the build: the lesson page throws instead of rendering', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    writeFileSync(join(dir, '01-a.md'), '---\nid: a\ntitle: A\nsummary: S.\n---\n# A\n');
    writeFileSync(
      join(dir, '02-b.md'),
      '---\nid: b\ntitle: B\nsummary: S.\n---\n# B\n\n```lessons\nto: 3\n```\n',
    );
    expect(() => lessonHtml(join(dir, '02-b.md'))).toThrow(
      'Lesson 2 (b), lessons block 1: "to: 3" is not a lesson number from 1 to 2.',
    );
    writeFileSync(
      join(dir, '02-b.md'),
      '---\nid: b\ntitle: B\nsummary: S.\n---\n```lessons\n```\n',
    );
    expect(listed(lessonHtml(join(dir, '02-b.md')).html).map((l) => l.title)).toEqual(['A', 'B']);
  });

  it('every lesson ends with a recap, and no lesson types a numbered list of lessons by hand', () => {
    for (const f of readdirSync(DIR).filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(DIR, f), 'utf8');
      expect(text.match(/^## .*/gm)!.at(-1), `${f}: its last section`).toMatch(/^## Recap/);
      // "3. **CCD**: …" — a lesson's title as a numbered item is a list someone typed.
      for (const l of LESSONS)
        expect(text, `${f}: ${l.title}`).not.toMatch(
          new RegExp(
            `^\\s*\\d+\\. \\*\\*${l.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*\\*`,
            'm',
          ),
        );
    }
  });
});
