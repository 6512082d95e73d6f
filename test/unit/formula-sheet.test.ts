import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { courseLessons, formulaSheet } from '../../lesson-pages';
import { lessonFormulas } from '../../src/course/formula-sheet';
import { renderLessonHtml } from '../../src/course/markdown';
import { parseLesson } from '../../src/course/front-matter';

const DIR = resolve(import.meta.dirname, '../../lessons');

describe('the formula cheat sheet', () => {
  it('finds one-line and multi-line display maths with its section, and skips fenced code', () => {
    const f = lessonFormulas(
      'Intro $$a = b$$\n\n$$x$$\n\n## Two bones\n\n$$\n\\cos\\beta =\n\\frac{1}{2}\n$$\n\n```ts\n$$ not maths $$\n```\n',
    );
    expect(f).toEqual([
      { section: '', slug: '', tex: 'x' },
      { section: 'Two bones', slug: 'two-bones', tex: '\\cos\\beta =\n\\frac{1}{2}' },
    ]);
  });

  it('holds every displayed formula of every lesson, each linking to a section that exists', () => {
    const html = formulaSheet();
    let total = 0;
    for (const f of readdirSync(DIR).filter((f) => f.endsWith('.md'))) {
      const { meta, body } = parseLesson(f, readFileSync(resolve(DIR, f), 'utf8'));
      // The lesson's own page typesets exactly as many display formulas as the sheet lists.
      const page = renderLessonHtml(meta.id, body, undefined, courseLessons());
      const shown = (page.match(/class="katex-display"/g) ?? []).length;
      const listed = lessonFormulas(body);
      expect(listed.length, f).toBe(shown);
      total += shown;
      for (const x of listed)
        if (x.slug) {
          expect(page, `${f}: ${x.section}`).toContain(`id="${meta.id}--${x.slug}"`);
          expect(html).toContain(`href="#/${meta.id}/${x.slug}"`);
        }
    }
    expect(html).toContain(`All ${total} displayed formulas`);
    expect((html.match(/class="katex-display"/g) ?? []).length).toBe(total);
  });
});
