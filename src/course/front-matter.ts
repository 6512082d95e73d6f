import { COURSE_PAGES } from '../ui/course-route.ts';

/** A lesson's header: the `---` block of `key: value` lines at the top of its Markdown. */
export interface LessonMeta {
  id: string;
  title: string;
  summary: string;
  /** The seed documents the lesson credits, e.g. "seed 001 (§1, look-at)"; see ui/sources.ts. */
  credit: string;
}

export interface ParsedLesson {
  meta: LessonMeta;
  body: string;
}

export class LessonFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}, line ${line}: ${message}`);
    this.name = 'LessonFormatError';
  }
}

const REQUIRED: (keyof LessonMeta)[] = ['id', 'title', 'summary'];

export function parseLesson(file: string, source: string): ParsedLesson {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  if (lines[0]?.trim() !== '---') {
    throw new LessonFormatError(
      file,
      1,
      'expected a front-matter block starting with "---" (id, title, summary, credit)',
    );
  }
  const end = lines.indexOf('---', 1);
  if (end < 0)
    throw new LessonFormatError(file, 1, 'the front-matter block is not closed with a "---" line');
  const meta: Record<string, string> = {};
  for (let i = 1; i < end; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const m = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!m)
      throw new LessonFormatError(
        file,
        i + 1,
        `expected "key: value", got ${JSON.stringify(line)}`,
      );
    meta[m[1]!] = m[2]!.trim();
  }
  for (const key of REQUIRED) {
    if (!meta[key])
      throw new LessonFormatError(file, end + 1, `the front matter needs "${key}: ..."`);
  }
  if (!/^[a-z0-9-]+$/.test(meta.id!)) {
    throw new LessonFormatError(
      file,
      2,
      `id must be lowercase letters, digits and dashes, got ${JSON.stringify(meta.id)}`,
    );
  }
  const page = COURSE_PAGES[meta.id!];
  if (page) {
    throw new LessonFormatError(
      file,
      2,
      `id ${JSON.stringify(meta.id)} is taken by the ${page} page; choose another`,
    );
  }
  return {
    meta: { id: meta.id!, title: meta.title!, summary: meta.summary!, credit: meta.credit ?? '' },
    body: lines.slice(end + 1).join('\n'),
  };
}
