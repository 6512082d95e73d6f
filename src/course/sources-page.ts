import { el } from '../ui/dom.ts';
import type { LessonEntry } from './lesson-list.ts';
import { lessonHref, sourcesHref } from '../ui/course-route.ts';
import { SOURCES, type Source } from '../ui/sources.ts';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
/** "five" for 5: how many sources there are, in a sentence. */
export const inWords = (n: number): string => WORDS[n] ?? String(n);

/** The id of a source's entry on the page, in the scheme of lesson sections (`<page>--<part>`). */
export const sourceEntryId = (id: string): string => `sources--${id}`;

/**
 * The Sources page: one entry per seed document with its full reference, what the course takes
 * from it, what it corrects, and where the § numbers the lessons cite are in the original.
 */
export function sourcesPage(lessons: readonly LessonEntry[]): HTMLElement {
  const article = el('article', 'lesson__body sources');
  article.append(
    el('p', 'lesson__kicker', 'Where the ideas come from'),
    el('h1', '', 'Sources'),
    el(
      'p',
      'lead',
      `The course grew from ${inWords(SOURCES.length)} documents, which the lessons call the seeds: three theses on animating characters in game engines, a blog series on 2D IK in Godot, and a thesis on physics-driven characters. Each citation in a lesson, such as “${SOURCES[1]!.shortName}, §2”, links to its entry here.`,
    ),
    el(
      'p',
      '',
      'Each entry gives the full reference as far as the document states it, what the course takes from it, what it got wrong and what the course does instead, and where the sections the lessons cite are in the original. Where a document does not say something (a year, a web address), the entry says so rather than guess.',
    ),
  );
  const list = el('ol', 'sources__list');
  for (const source of SOURCES) list.append(entry(source, lessons));
  article.append(list);
  return article;
}

function entry(source: Source, lessons: readonly LessonEntry[]): HTMLElement {
  const li = el('li', 'source');
  li.id = sourceEntryId(source.id);
  li.tabIndex = -1;
  const heading = el('h2', 'source__name');
  const anchor = el('a', 'anchor', '#');
  anchor.href = sourcesHref(source.id);
  anchor.setAttribute('aria-label', `Link to ${source.shortName}`);
  heading.append(anchor, source.shortName);
  li.append(heading, facts(source, lessons));

  li.append(el('h3', '', 'What the course takes from it'), bullets(source.takes));
  li.append(el('h3', '', 'What it got wrong, and what the course does instead'));
  li.append(
    source.corrects.length
      ? bullets(source.corrects)
      : el('p', '', 'Nothing so far: no lesson builds on it yet.'),
  );
  li.append(el('h3', '', 'Its § numbers'), el('p', '', source.numbering));
  if (source.sections.length) li.append(sectionTable(source));
  if (source.unknown.length)
    li.append(el('h3', '', 'What the documents do not establish'), bullets(source.unknown));
  return li;
}

function facts(source: Source, lessons: readonly LessonEntry[]): HTMLElement {
  const dl = el('dl', 'source__facts');
  const row = (term: string, value: string | Node) => {
    const dd = el('dd');
    dd.append(value);
    dl.append(el('dt', '', term), dd);
  };
  row(source.authors.includes(' and ') ? 'Authors' : 'Author', source.authors);
  if (source.supervisors) row('Supervised by', source.supervisors);
  const title = el('cite', '', source.title);
  const titleBox = el('span');
  titleBox.append(title);
  if (source.titleInEnglish) titleBox.append(` (in English: ${source.titleInEnglish})`);
  row('Title', titleBox);
  row('Kind', source.kind);
  row(source.kind.startsWith('Blog') ? 'Site' : 'Institution', source.publisher);
  row('Year', source.year);
  row('Language', source.language);
  if (source.link) {
    const a = el('a', '', source.link.href.replace(/^https?:\/\//, ''));
    a.href = source.link.href;
    a.rel = 'noopener';
    const online = el('span');
    online.append(a, ` (${source.link.note})`);
    row('Online', online);
  }
  row('Cited in', citedIn(source, lessons));
  return dl;
}

function citedIn(source: Source, lessons: readonly LessonEntry[]): Node {
  const box = el('span');
  const citing = lessons
    .map((entry, i) => ({ entry, i }))
    .filter(({ entry }) => {
      return entry.lesson && entry.cites.includes(source.id);
    });
  if (!citing.length) {
    box.append('no lesson yet');
    return box;
  }
  citing.forEach(({ entry, i }, k) => {
    const a = el('a', '', `${i + 1}. ${entry.lesson!.meta.title}`);
    a.href = lessonHref(entry.lesson!.meta.id);
    if (k) box.append(', ');
    box.append(a);
  });
  return box;
}

function bullets(items: readonly string[]): HTMLElement {
  const ul = el('ul');
  for (const item of items) ul.append(el('li', '', item));
  return ul;
}

function sectionTable(source: Source): HTMLElement {
  const table = el('table', 'source__sections');
  const head = el('tr');
  head.append(el('th', '', 'Cited as'), el('th', '', 'In the original'));
  const thead = el('thead');
  thead.append(head);
  const tbody = el('tbody');
  for (const s of source.sections) {
    const tr = el('tr');
    tr.append(el('td', '', s.cited), el('td', '', s.where));
    tbody.append(tr);
  }
  table.append(thead, tbody);
  return table;
}
