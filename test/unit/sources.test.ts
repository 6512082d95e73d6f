import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../../src/course/front-matter';
import { lessonCreditHtml, renderLessonHtml } from '../../src/course/markdown';
import { courseLessons } from '../../lesson-pages';
import { parseRoute, sourcesHref } from '../../src/ui/course-route';
import {
  citationHtml,
  citationLink,
  citationParts,
  citedSourceIds,
  coursePageFor,
  SOURCES,
  type CitationPart,
} from '../../src/ui/sources';

const ROOT = resolve(import.meta.dirname, '../..');
const files = (dir: string, ext: string) =>
  readdirSync(resolve(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ext))
    .map((f) => resolve(ROOT, dir, f));
const lessons = files('lessons', '.md').map((f) => parseLesson(f, readFileSync(f, 'utf8')));
/** Every demo's footer text: the `credit: '...'` of each module in src/demos. */
const demoCredits = files('src/demos', '.ts').flatMap((f) =>
  [...readFileSync(f, 'utf8').matchAll(/credit: '([^']*)'/g)].map((m) => m[1]!),
);

const THIAGO = "Thiago's Godot IK blog";
const BIALCZAK = "Białczak's Unity IK thesis";
const MATTHEY = "Matthey's walking-IK thesis";
const HERNANDEZ = "Hernández Rielo's creature thesis";
const links = (text: string) =>
  citationParts(text).filter((p): p is CitationPart => typeof p !== 'string');

describe('citationLink', () => {
  // Every form of citation found in lessons/ and src/demos/ (grep "seed 0"), with its label.
  it.each([
    // demo footers
    ['seed 001 §1', `${THIAGO}, §1`, 'seed-001'],
    ['seed 001 §2', `${THIAGO}, §2`, 'seed-001'],
    ['seed 002 §1.4', `${BIALCZAK}, §1.4`, 'seed-002'],
    ['seed 002 §5.3', `${BIALCZAK}, §5.3`, 'seed-002'],
    ['seed 003 §5.4', `${HERNANDEZ}, §5.4`, 'seed-003'],
    ['seed 000 §7', `${MATTHEY}, §7`, 'seed-000'],
    ['seed 002 §4 and §5.2', `${BIALCZAK}, §4 and §5.2`, 'seed-002'],
    ['seed 000 §2–3 and §5', `${MATTHEY}, §2–3 and §5`, 'seed-000'],
    ['seed 000 §4.6, §6 and §9', `${MATTHEY}, §4.6, §6 and §9`, 'seed-000'],
    ['seed 000 §8 and §13.1', `${MATTHEY}, §8 and §13.1`, 'seed-000'],
    [
      'seed 001 §2 (negative scale, Godot matrix note)',
      `${THIAGO}, §2 (negative scale, Godot matrix note)`,
      'seed-001',
    ],
    // lesson credits
    [
      'seed 001 (§2, two-bone IK with the law of cosines)',
      `${THIAGO} (§2, two-bone IK with the law of cosines)`,
      'seed-001',
    ],
    [
      'seed 000 (§4.6 and §9.2, the controller’s order; §6.4–§6.8, target trajectories)',
      `${MATTHEY} (§4.6 and §9.2, the controller’s order; §6.4–§6.8, target trajectories)`,
      'seed-000',
    ],
    // in lesson text
    ['seed 000 §3', `${MATTHEY}, §3`, 'seed-000'],
    ['seed 000 §2.5', `${MATTHEY}, §2.5`, 'seed-000'],
    ['seed 000 §6.4–§6.8', `${MATTHEY}, §6.4–§6.8`, 'seed-000'],
    ['seed 000 §9.2, step 2', `${MATTHEY}, §9.2, step 2`, 'seed-000'],
    ['seed 000, eq. 2.2', `${MATTHEY}, eq. 2.2`, 'seed-000'],
    ['(seed 002)', BIALCZAK, 'seed-002'],
    ['Seed 001', THIAGO, 'seed-001'],
    ["Seed 002's", `${BIALCZAK}'s`, 'seed-002'],
    ['seed 001’s game', `${THIAGO}’s game`, 'seed-001'],
    // in demo comments
    ['seed 002 Fig. 2.2', `${BIALCZAK}, Fig. 2.2`, 'seed-002'],
    ['seed 002 Figs. 2.1–2.2', `${BIALCZAK}, Figs. 2.1–2.2`, 'seed-002'],
    ['seed 002 eq. 17/18', `${BIALCZAK}, eq. 17/18`, 'seed-002'],
    ['seed 003 §5.4.2', `${HERNANDEZ}, §5.4.2`, 'seed-003'],
  ])('%s → %s', (text, label, id) => {
    expect(citationLink(text)).toEqual({ label, href: `#/sources/${id}` });
  });

  it('gives null for no citation, an unknown source, or several sources', () => {
    expect(citationLink('no citation here')).toBeNull();
    expect(citationLink('reseed 001')).toBeNull();
    expect(citationLink('seed 009 §1')).toBeNull();
    expect(citationLink('seed 001 §3, seed 002 §1.4')).toBeNull();
  });

  it('splits text with several citations into each link and the text between', () => {
    const parts = citationParts('seed 001 §3, seed 002 §1.4');
    expect(parts.map((p) => (typeof p === 'string' ? p : p.label))).toEqual([
      `${THIAGO}, §3`,
      ', ',
      `${BIALCZAK}, §1.4`,
    ]);
    const credit = citationParts(
      'seed 001 (§3, CCD) and seed 002 (§1.4, the heuristic methods)',
    ).map((p) => (typeof p === 'string' ? p : `[${p.label}](${p.href})`));
    expect(credit.join('')).toBe(
      `[${THIAGO}](#/sources/seed-001) (§3, CCD) and [${BIALCZAK}](#/sources/seed-002) (§1.4, the heuristic methods)`,
    );
  });

  it('links every citation in every lesson and every demo footer to a known source', () => {
    const texts = [...lessons.flatMap((l) => [l.meta.credit, l.body]), ...demoCredits];
    expect(demoCredits.length).toBeGreaterThan(10);
    for (const text of texts) {
      const mentions = text.match(/\bseed\s\d{3}\b/gi) ?? [];
      expect(links(text).length, text.slice(0, 80)).toBe(mentions.length);
    }
  });

  it('explains where each section the lessons and footers cite is in the original', () => {
    const texts = [...lessons.map((l) => l.meta.credit), ...demoCredits];
    for (const text of texts) {
      // The § numbers after each "seed NNN", up to the next one.
      const pieces = text.split(/\bseed\s(\d{3})\b/i);
      for (let i = 1; i < pieces.length; i += 2) {
        const source = SOURCES.find((s) => s.number === pieces[i])!;
        for (const [, n] of pieces[i + 1]!.matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
          expect(
            source.sections.map((s) => s.cited),
            `${source.id} §${n}`,
          ).toContain(`§${n}`);
        }
      }
    }
  });

  it('puts the full reference and where a section is in the original in the title', () => {
    const [link] = links('seed 002 §1.4');
    expect(link!.title).toContain('Łukasz Jan Białczak');
    expect(link!.title).toContain('Białystok University of Technology), 2023');
    expect(link!.title).toContain('Cited §1.4: in the original, §2.4');
    expect(links('seed 001 §2')[0]!.title).toContain('year not stated');
  });

  it('writes HTML with the text escaped and each citation a link', () => {
    expect(citationHtml('a <b> & seed 001 §2')).toBe(
      `a &lt;b&gt; &amp; <a class="citation" href="#/sources/seed-001" title="${links('seed 001 §2')[0]!.title.replace(/'/g, '&#39;')}">Thiago&#39;s Godot IK blog, §2</a>`,
    );
    expect(citationHtml('seed 001 §2', 'https://x.org/index.html')).toContain(
      'href="https://x.org/index.html#/sources/seed-001"',
    );
  });
});

describe('lessons cite their sources by name, with links', () => {
  it('turns an in-text citation into a link labelled with the source’s short name', () => {
    const html = renderLessonHtml('l', 'As seed 001 §2 shows (and seed 002), it `seed 003` works.');
    expect(html).toContain(
      `<a class="citation" href="#/sources/seed-001" title="Thiago Lages de Alencar`,
    );
    expect(html).toContain('>Thiago&#39;s Godot IK blog, §2</a> shows (and <a class="citation"');
    expect(html).toContain('>Białczak&#39;s Unity IK thesis</a>), it <code>seed 003</code> works');
  });

  it('keeps the capital at the start of a sentence and leaves unknown sources as text', () => {
    const html = renderLessonHtml('l', 'Seed 002 draws two cases. Seed 009 does not exist.');
    expect(html).toContain('>Białczak&#39;s Unity IK thesis</a> draws two cases');
    expect(html).toContain('Seed 009 does not exist.');
  });

  it.each(lessons.map((l) => [l.meta.id, l] as const))(
    '%s: its credit and every "seed NNN" in its text become links',
    (_, lesson) => {
      const credit = lessonCreditHtml(lesson.meta.credit);
      expect(credit).toMatch(/^Credit: this lesson teaches the idea of <a class="citation"/);
      for (const id of citedSourceIds(lesson.meta.credit))
        expect(credit).toContain(`href="${sourcesHref(id)}"`);
      expect(credit).not.toMatch(/seed \d{3}/i);
      const html = renderLessonHtml(lesson.meta.id, lesson.body, undefined, courseLessons());
      const ids = citedSourceIds(lesson.body);
      for (const id of ids) expect(html).toContain(`class="citation" href="#/sources/${id}"`);
      // Outside code, no raw "seed 001" is left for the reader to decode.
      const prose = html.replace(/<pre[\s\S]*?<\/pre>|<code>[\s\S]*?<\/code>/g, '');
      expect(prose).not.toMatch(/\bseed \d{3}\b/i);
    },
  );

  it('renders the CCD lesson with links to both of its sources', () => {
    const ccd = lessons.find((l) => l.meta.id === 'ccd')!;
    expect(lessonCreditHtml(ccd.meta.credit)).toContain(
      `>${THIAGO.replace("'", '&#39;')}</a> (§3, CCD) and <a class="citation" href="#/sources/seed-002"`,
    );
    const html = renderLessonHtml(ccd.meta.id, ccd.body);
    expect(html).toContain('>Thiago&#39;s Godot IK blog</a> puts it well');
  });
});

describe('the sources and their routes', () => {
  it('lists five sources with complete references and unique ids', () => {
    expect(SOURCES.map((s) => s.id)).toEqual([
      'seed-000',
      'seed-001',
      'seed-002',
      'seed-003',
      'seed-004',
    ]);
    for (const s of SOURCES) {
      expect(s.id).toBe(`seed-${s.number}`);
      for (const field of [s.shortName, s.authors, s.title, s.kind, s.publisher, s.year])
        expect(field.trim()).not.toBe('');
      expect(s.language).toMatch(/^(Spanish|Portuguese|English)/);
      expect(s.takes.length).toBeGreaterThan(0);
      expect(s.year).toMatch(/^(\d{4}\b|not stated$)/);
    }
    expect(new Set(SOURCES.map((s) => s.shortName)).size).toBe(SOURCES.length);
  });

  it('routes #/sources and #/sources/<id>, and no lesson may take the id "sources"', () => {
    expect(parseRoute('#/sources')).toEqual({ lesson: 'sources', section: null });
    expect(parseRoute(sourcesHref('seed-001'))).toEqual({
      lesson: 'sources',
      section: 'seed-001',
    });
    expect(parseRoute('#/%E0%A4%A')).toEqual({ lesson: '%E0%A4%A', section: null });
    expect(() => parseLesson('x.md', '---\nid: sources\ntitle: T\nsummary: S\n---\n')).toThrow(
      'x.md, line 2: id "sources" is taken by the Sources page',
    );
    expect(() => parseLesson('x.md', '---\nid: instructors\ntitle: T\nsummary: S\n---\n')).toThrow(
      'x.md, line 2: id "instructors" is taken by the For instructors page',
    );
    // Own keys only: an id named like an Object.prototype member is a lesson id like any other.
    expect(() =>
      parseLesson('x.md', '---\nid: constructor\ntitle: T\nsummary: S\n---\n'),
    ).not.toThrow();
  });

  it('links footers to the course page: in-page there, by address from the gallery', () => {
    expect(coursePageFor('playground/embed.html', 'http://h/site/')).toBe('');
    expect(coursePageFor('playground/embed.html', 'http://h/site/index.html#/ccd')).toBe('');
    expect(coursePageFor('embed.html', 'http://h/site/playground/gallery.html')).toBe(
      'http://h/site/index.html',
    );
    expect(coursePageFor('embed.html', 'file:///d/dist/playground/gallery.html?x=1')).toBe(
      'file:///d/dist/index.html',
    );
  });
});
