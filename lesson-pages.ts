import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { LessonFormatError, parseLesson, type LessonMeta } from './src/course/front-matter.ts';
import { lessonCreditHtml, renderLessonHtml } from './src/course/markdown.ts';
import { LessonDirectiveError, type LessonRef } from './src/course/lesson-list-block.ts';
import { citedSourceIds } from './src/ui/sources.ts';
import { formulaSheetHtml } from './src/course/formula-sheet.ts';

/**
 * Lessons are rendered when the site is built, not in the reader's browser: each
 * `lessons/NN-*.md` becomes a small module of HTML (maths typeset by KaTeX, code highlighted,
 * citations linked), fetched when the reader opens that lesson. The page then needs neither
 * Markdown, KaTeX, highlight.js nor the other thirteen lessons to show one.
 *
 * `virtual:lessons` is the index every course page gets: each lesson's file, header (or the
 * error that keeps it from being read), the sources it cites, and the loader of its HTML.
 */
const LESSONS_DIR = resolve(import.meta.dirname, 'lessons');
const INDEX_ID = 'virtual:lessons';
const RESOLVED_INDEX = '\0virtual:lessons';
const HTML_QUERY = '?lesson-html';
const SHEET_ID = 'virtual:formula-sheet';
const RESOLVED_SHEET = '\0virtual:formula-sheet';

export interface IndexedLesson {
  file: string;
  path: string;
  lesson: { meta: LessonMeta } | null;
  error: string | null;
  cites: string[];
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Every `*.md` of `dir`, in file-name order, with its header or its error. */
export function indexLessons(dir = LESSONS_DIR): IndexedLesson[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((name) => {
      const path = resolve(dir, name);
      const file = `/lessons/${name}`;
      try {
        const { meta, body } = parseLesson(file, readFileSync(path, 'utf8'));
        const cites = [...citedSourceIds(`${meta.credit}\n${body}`)];
        return { file, path, lesson: { meta }, error: null, cites };
      } catch (e) {
        return { file, path, lesson: null, error: errorText(e), cites: [] };
      }
    });
}

/**
 * Each lesson that can be read, numbered as the course numbers it (its place in file-name
 * order): what a lessons block lists from.
 */
export function courseLessons(dir = LESSONS_DIR): LessonRef[] {
  return indexLessons(dir).flatMap((l, i) =>
    l.lesson ? [{ number: i + 1, id: l.lesson.meta.id, title: l.lesson.meta.title }] : [],
  );
}

/** lessons/figures/<name>.svg, inlined into the lesson so it follows the page's theme. */
function drawnFigure(name: string): string | null {
  const file = resolve(LESSONS_DIR, 'figures', `${name}.svg`);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/**
 * One lesson's HTML and credit line; a lesson that cannot be rendered says why, in the page.
 * A malformed lessons block is the exception: it throws, so that the build stops on it.
 */
export function lessonHtml(
  path: string,
  lessons: readonly LessonRef[] = courseLessons(dirname(path)),
): { html: string; creditHtml: string } {
  const file = `/lessons/${path.split(/[\\/]/).pop()}`;
  try {
    const { meta, body } = parseLesson(file, readFileSync(path, 'utf8'));
    let html: string;
    try {
      html = renderLessonHtml(meta.id, body, drawnFigure, lessons);
    } catch (e) {
      if (e instanceof LessonDirectiveError) throw e;
      html = errorHtml(`This lesson's text could not be rendered: ${errorText(e)}`);
    }
    return { html, creditHtml: meta.credit ? lessonCreditHtml(meta.credit) : '' };
  } catch (e) {
    if (e instanceof LessonDirectiveError) throw e;
    return {
      html: errorHtml(e instanceof LessonFormatError ? e.message : errorText(e)),
      creditHtml: '',
    };
  }
}

/** The cheat sheet of every displayed formula, from every lesson that can be read. */
export function formulaSheet(dir = LESSONS_DIR): string {
  const lessons = indexLessons(dir).flatMap((l, i) => {
    if (!l.lesson) return [];
    const { meta, body } = parseLesson(l.file, readFileSync(l.path, 'utf8'));
    return [{ id: meta.id, title: meta.title, number: i + 1, body }];
  });
  return formulaSheetHtml(lessons);
}

const errorHtml = (message: string): string =>
  `<div class="demo-error" role="alert">${message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</div>`;

export function lessonPages(dir = LESSONS_DIR): Plugin {
  const isLesson = (id: string) => id.startsWith(dir) && id.endsWith(HTML_QUERY);
  return {
    name: 'lesson-pages',
    resolveId(id) {
      if (id === INDEX_ID) return RESOLVED_INDEX;
      if (id === SHEET_ID) return RESOLVED_SHEET;
      return isLesson(id) ? id : null;
    },
    load(id) {
      if (id === RESOLVED_INDEX) {
        const entries = indexLessons(dir).map(({ path, ...entry }) => {
          this.addWatchFile(path);
          const loader = `() => import(${JSON.stringify(path + HTML_QUERY)}).then((m) => m.default)`;
          return `  { ...${JSON.stringify(entry)}, load: ${loader} },`;
        });
        return `export const LESSON_INDEX = [\n${entries.join('\n')}\n];\n`;
      }
      if (id === RESOLVED_SHEET) {
        for (const l of indexLessons(dir)) this.addWatchFile(l.path);
        return `export const FORMULA_SHEET_HTML = ${JSON.stringify(formulaSheet(dir))};\n`;
      }
      if (isLesson(id)) {
        const path = id.slice(0, -HTML_QUERY.length);
        // Every lesson's header feeds the lists of lessons a page may hold.
        for (const l of indexLessons(dir)) this.addWatchFile(l.path);
        return `export default ${JSON.stringify(lessonHtml(path, courseLessons(dir)))};\n`;
      }
      return null;
    },
  };
}
