import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexLessons, lessonHtml } from '../../lesson-pages';
import { renderLessonHtml } from '../../src/course/markdown';
import { LESSONS } from '../../src/course/lesson-list';

/** Lessons are rendered at build time (lesson-pages.ts); pages fetch one lesson's HTML. */
const DIR = resolve(import.meta.dirname, '../../lessons');

describe('lessons rendered at build time', () => {
  it('the course lists every lesson file, in order, each with its header and the sources it cites', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.md'))
      .sort();
    expect(LESSONS.map((e) => e.file)).toEqual(files.map((f) => `/lessons/${f}`));
    for (const entry of LESSONS) {
      expect(entry.error, entry.file).toBeNull();
      expect(entry.lesson!.meta.title.length, entry.file).toBeGreaterThan(2);
      expect(typeof entry.load).toBe('function');
    }
    // Lesson 3 teaches two-bone IK from Thiago's blog, and says so.
    const twoBone = LESSONS.find((e) => e.lesson?.meta.id === 'two-bone-ik')!;
    expect(twoBone.cites).toContain('seed-001');
  });

  it("a lesson's HTML has its maths typeset, its demos as slots and its code highlighted", () => {
    const { html, creditHtml } = lessonHtml(join(DIR, '01-bones-as-a-node-tree.md'));
    expect(html).toContain('<h1>Bones as a node tree</h1>');
    expect(html.match(/class="katex"/g)!.length).toBeGreaterThan(3);
    expect(html).toContain('class="demo-slot" data-demo="forward-kinematics"');
    expect(html).toMatch(/<code class="hljs language-ts">.*hljs-keyword/s);
    expect(creditHtml).toMatch(/<a class="citation" href="#\/sources\/seed-\d{3}"/);
  });

  it('no lesson shows raw TeX: every $…$ is typeset, in summaries and tables too', () => {
    for (const f of readdirSync(DIR).filter((f) => f.endsWith('.md'))) {
      const { html } = lessonHtml(join(DIR, f));
      // Code may hold a dollar sign; typeset maths keeps its TeX only in <annotation>.
      const text = html
        .replace(/<pre[\s\S]*?<\/pre>/g, '')
        .replace(/<code[\s\S]*?<\/code>/g, '')
        .replace(/<annotation[\s\S]*?<\/annotation>/g, '');
      expect(text.match(/\$[^$\s<][^$<]*\$/g) ?? [], f).toEqual([]);
    }
  });

  it('a drawn figure is inlined as SVG with its caption; an unknown one says where figures live', () => {
    const md =
      '```figure two-bone-triangle\nThe triangle for $l_1 = 3$.\n```\n\n```figure nope\n```\n';
    const html = renderLessonHtml('two-bone-ik', md, (name) =>
      name === 'two-bone-triangle' ? '<svg><title>t</title></svg>' : null,
    );
    expect(html).toMatch(
      /<figure class="static"><svg><title>t<\/title><\/svg><figcaption><p>The triangle for <span class="katex">/,
    );
    expect(html).toContain('There is no drawn figure called &quot;nope&quot;');
  });

  it('a malformed lesson is listed with its error, and its page says what is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    writeFileSync(
      join(dir, '01-good.md'),
      '---\nid: good\ntitle: Good\nsummary: Fine.\n---\n# Good\n',
    );
    writeFileSync(
      join(dir, '02-bad.md'),
      '---\nid: Bad Id\ntitle: Bad\nsummary: No.\n---\n# Bad\n',
    );
    const index = indexLessons(dir);
    expect(index.map((e) => e.lesson?.meta.id ?? null)).toEqual(['good', null]);
    expect(index[1]!.error).toBe(
      '/lessons/02-bad.md, line 2: id must be lowercase letters, digits and dashes, got "Bad Id"',
    );
    const { html } = lessonHtml(join(dir, '02-bad.md'));
    expect(html).toBe(
      '<div class="demo-error" role="alert">/lessons/02-bad.md, line 2: id must be lowercase letters, digits and dashes, got &#34;Bad Id&#34;</div>',
    );
  });
});
