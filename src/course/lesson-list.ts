import { LessonFormatError, parseLesson, type ParsedLesson } from './front-matter';

/**
 * The course's lessons: every `lessons/NN-*.md`, in file-name order. Vite bundles the text, so
 * the built site is static. A lesson whose header is malformed is still listed, with its error.
 */
export interface LessonEntry {
  file: string;
  lesson: ParsedLesson | null;
  error: string | null;
}

const sources = import.meta.glob('/lessons/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export const LESSONS: readonly LessonEntry[] = Object.keys(sources)
  .sort()
  .map((file) => {
    try {
      return { file, lesson: parseLesson(file, sources[file]!), error: null };
    } catch (e) {
      return { file, lesson: null, error: e instanceof LessonFormatError ? e.message : String(e) };
    }
  });
