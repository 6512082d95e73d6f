import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../../src/course/front-matter';
import { parseDemoBlock, renderLessonHtml, slugify } from '../../src/course/markdown';
import { parseParams, parsePrimary, type ParamError } from '../../src/demos/params';
import { findDemo } from '../../src/demos/registry';
import { courseLessons } from '../../lesson-pages';

const LESSON_DIR = resolve(import.meta.dirname, '../../lessons');
const lessonFiles = readdirSync(LESSON_DIR)
  .filter((f) => f.endsWith('.md'))
  .sort();

describe('lesson Markdown', () => {
  it('turns a demo block into a placeholder carrying the id and parameters', () => {
    const html = renderLessonHtml('l', '```demo look-at\nflipRootX: true\ntargetX = 40\n```\n');
    expect(html).toContain('class="demo-slot"');
    expect(html).toContain('data-demo="look-at"');
    expect(html).toContain(
      'data-params="{&quot;flipRootX&quot;:&quot;true&quot;,&quot;targetX&quot;:&quot;40&quot;}"',
    );
  });

  it('folds a measured block into a closed "How we measured" box, with its maths typeset', () => {
    const html = renderLessonHtml('l', 'Idea.\n\n```measured\nOver **15 s**: $e = 0.32$.\n```\n');
    expect(html).toMatch(/<details class="measured"><summary>How we measured<\/summary>/);
    expect(html).not.toMatch(/<details[^>]*open/);
    expect(html).toContain('<strong>15 s</strong>');
    expect(html).toContain('class="katex"');
    const named = renderLessonHtml('l', '```measured How we timed it\nx\n```\n');
    expect(named).toContain('<summary>How we timed it</summary>');
  });

  it('reports demo block lines that are not "name: value"', () => {
    const b = parseDemoBlock('demo look-at', 'flipRootX: true\nthis is prose\n');
    expect(b.params).toEqual({ flipRootX: 'true' });
    expect(b.problems).toEqual([
      'Line 2 of the demo block, "this is prose", is not "name: value".',
    ]);
    expect(parseDemoBlock('demo', '').problems[0]).toMatch(/names no demo/);
  });

  it('typesets $inline$ and $$display$$ maths with KaTeX, and leaves prices alone', () => {
    const html = renderLessonHtml('l', 'Angle $\\theta$ costs $5 and $6.\n\n$$\na^2 = b^2\n$$\n');
    expect(html).toContain('class="katex"');
    expect(html).toContain('katex-display');
    expect(html).toContain('costs $5 and $6.');
  });

  it('highlights code and gives sections deep-link anchors', () => {
    const html = renderLessonHtml(
      'look-at',
      '## Why atan is not enough\n\n```ts\nconst a = 1;\n```\n',
    );
    expect(html).toContain('id="look-at--why-atan-is-not-enough"');
    expect(html).toContain('href="#/look-at/why-atan-is-not-enough"');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(slugify('Local & global!')).toBe('local-global');
  });

  it('reads the front matter and names the line of a mistake', () => {
    const ok = parseLesson(
      'x.md',
      '---\nid: a-b\ntitle: T\nsummary: S\ncredit: seed 001\n---\nBody',
    );
    expect(ok.meta).toEqual({ id: 'a-b', title: 'T', summary: 'S', credit: 'seed 001' });
    expect(ok.body).toBe('Body');
    expect(() => parseLesson('x.md', 'no header')).toThrow(
      'x.md, line 1: expected a front-matter block',
    );
    expect(() => parseLesson('x.md', '---\nid: a\ntitle T\n---\n')).toThrow(
      'x.md, line 3: expected "key: value", got "title T"',
    );
    expect(() => parseLesson('x.md', '---\nid: a\ntitle: T\n---\n')).toThrow(
      'the front matter needs "summary: ..."',
    );
    expect(() => parseLesson('x.md', '---\nid: A B\ntitle: T\nsummary: s\n---\n')).toThrow(
      'id must be lowercase',
    );
  });

  it.each(lessonFiles)(
    '%s: valid header, and every demo block names a real demo with valid parameters',
    (file) => {
      const { meta, body } = parseLesson(file, readFileSync(resolve(LESSON_DIR, file), 'utf8'));
      expect(meta.credit).toMatch(/seed 00\d/);
      const blocks = [...body.matchAll(/```(demo[^\n]*)\n([\s\S]*?)```/g)];
      expect(blocks.length).toBeGreaterThan(0);
      for (const [, info, inner] of blocks) {
        const block = parseDemoBlock(info!, inner!);
        expect(block.problems).toEqual([]);
        const demo = findDemo(block.id);
        expect(demo, block.id).toBeDefined();
        // A `primary:` line names the settings that sit with the canvas, as the page reads it.
        const { primary, ...settings } = block.params;
        expect(parseParams(demo!.params, settings).ok).toBe(true);
        const errors: ParamError[] = [];
        parsePrimary(demo!.params, primary, errors);
        expect(errors, `${block.id}: primary`).toEqual([]);
      }
      // Rendered with the course's index, as the build renders it: a bad lessons block throws.
      const html = renderLessonHtml(meta.id, body, undefined, courseLessons(LESSON_DIR));
      expect(html).toContain('class="demo-slot"');
      // Every predict and challenge block can be shown.
      expect(html, file).not.toMatch(/(Prediction|Challenge) \d+ of this lesson cannot be shown/);
    },
  );
});
