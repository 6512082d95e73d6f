import { LESSON_INDEX } from 'virtual:lessons';
import type { LessonMeta } from './front-matter.ts';

/**
 * The course's lessons: every `lessons/NN-*.md`, in file-name order, as the build indexed them
 * (lesson-pages.ts). A lesson whose header is malformed is still listed, with its error. Its
 * text is rendered at build time and fetched when the lesson is opened.
 */
export interface LessonEntry {
  file: string;
  lesson: { meta: LessonMeta } | null;
  error: string | null;
  /** The ids of the sources the lesson cites (its credit line and its text). */
  cites: readonly string[];
  /** The lesson's HTML, and its credit line's. */
  load(): Promise<LessonHtml>;
}

export interface LessonHtml {
  html: string;
  creditHtml: string;
}

export const LESSONS = LESSON_INDEX as readonly LessonEntry[];
