import { escapeHtml } from '../ui/escape-html.ts';

/**
 * A list of lessons in a lesson, generated from the course's own index so that no lesson number
 * or title is ever typed by hand (a typed list went stale when lesson 6 was added):
 *
 *     ```lessons
 *     from: 1
 *     to: 9
 *     look-at: one bone turns to face a target.
 *     two-bone-ik: two bones solved exactly,
 *       in one step.
 *     ```
 *
 * `from` and `to` are lesson numbers (default: the whole course). Any other line names a lesson
 * in that range by its id and gives it a note in Markdown; an indented line continues a note.
 * Each listed lesson shows its number, its title linked to `#/<id>`, and its note if it has one.
 */

/** A lesson as a list names it: its number in the course, its id (its address) and its title. */
export interface LessonRef {
  number: number;
  id: string;
  title: string;
}

export interface LessonListBlock {
  from: number;
  to: number;
  /** Notes by lesson id, in Markdown. */
  notes: Map<string, string>;
  problems: string[];
}

/** A mistake in a lesson's own text, for its author: it fails the build rather than show. */
export class LessonDirectiveError extends Error {
  override name = 'LessonDirectiveError';
}

const LINE = /^([a-z0-9-]+):\s*(.*?)\s*$/;

/** What a lessons block accepts, said in every error so the author need not look it up. */
export const lessonListSyntax = (count: number): string =>
  `A lessons block takes "from: N" and "to: M" (whole lesson numbers, 1 ≤ N ≤ M ≤ ${count}; ` +
  `by default the whole course) and "<lesson id>: note" lines for lessons in that range ` +
  `(a note's further lines indented).`;

function readLessonNumber(
  name: string,
  text: string,
  count: number,
  problems: string[],
): number | null {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (n >= 1 && n <= count) return n;
  problems.push(`"${name}: ${text}" is not a lesson number from 1 to ${count}.`);
  return null;
}

export function parseLessonListBlock(body: string, lessons: readonly LessonRef[]): LessonListBlock {
  const count = lessons.length;
  const problems: string[] = [];
  const given: { from?: number; to?: number } = {};
  const notes = new Map<string, string>();
  let noted: string | null = null;
  for (const line of body.split('\n')) {
    if (line.trim() === '') continue;
    if (/^\s/.test(line)) {
      if (noted) notes.set(noted, `${notes.get(noted)} ${line.trim()}`);
      else problems.push(`The indented line "${line.trim()}" continues no lesson's note.`);
      continue;
    }
    noted = null;
    const m = LINE.exec(line);
    if (!m) {
      problems.push(`"${line}" is not "name: value".`);
      continue;
    }
    const [, name, value] = m as unknown as [string, string, string];
    if (name === 'from' || name === 'to') {
      if (name in given) problems.push(`"${name}" is given twice.`);
      const n = readLessonNumber(name, value, count, problems);
      if (n !== null) given[name] = n;
    } else if (lessons.some((l) => l.id === name)) {
      if (notes.has(name)) problems.push(`The lesson "${name}" has two notes.`);
      notes.set(name, value);
      noted = name;
    } else problems.push(`"${name}" is neither an option (from, to) nor a lesson's id.`);
  }
  const from = given.from ?? 1;
  const to = given.to ?? count;
  if (from > to) problems.push(`"from: ${from}" comes after "to: ${to}".`);
  for (const id of notes.keys()) {
    const n = lessons.find((l) => l.id === id)!.number;
    if (n < from || n > to)
      problems.push(`"${id}" is lesson ${n}, outside this list's lessons ${from} to ${to}.`);
  }
  return { from, to, notes, problems };
}

/**
 * The list as HTML: an ordered list numbered as the course numbers its lessons.
 * `inline` renders a note's Markdown (maths, citations) the way the lesson's text is rendered.
 */
export function lessonListHtml(
  block: LessonListBlock,
  lessons: readonly LessonRef[],
  inline: (markdown: string) => string,
): string {
  const items = lessons
    .filter((l) => l.number >= block.from && l.number <= block.to)
    .map((l) => {
      const note = block.notes.get(l.id);
      const title = `<a href="#/${escapeHtml(l.id)}"><strong>${escapeHtml(l.title)}</strong></a>`;
      return `<li value="${l.number}">${title}${note ? `: ${inline(note)}` : ''}</li>`;
    });
  return `<ol class="lesson-list" start="${block.from}">${items.join('')}</ol>\n`;
}
