/**
 * Deep links: `#/<lesson-id>` opens a lesson, `#/<lesson-id>/<section-slug>` scrolls to a section.
 * `#/sources` is the Sources page and `#/sources/<source-id>` scrolls to one source's entry.
 * In ui/, below the course, because every page's demo footer links its citations into the
 * course's Sources page (see sources.ts).
 */
export interface Route {
  lesson: string | null;
  section: string | null;
}

/** The first part of the Sources page's route; no lesson may take this id. */
export const SOURCES_PAGE = 'sources';
/** The "For instructors" page's route; no lesson may take this id either. */
export const INSTRUCTORS_PAGE = 'instructors';
/** The cheat sheet of every formula; no lesson may take this id either. */
export const FORMULAS_PAGE = 'formulas';
/** The course's pages that are not lessons, by route id (own keys only: see specOf). */
export const COURSE_PAGES: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  [SOURCES_PAGE]: 'Sources',
  [INSTRUCTORS_PAGE]: 'For instructors',
  [FORMULAS_PAGE]: 'Every formula',
});

/**
 * Reads the hash. A hash that is not valid percent-encoding anywhere (`#/%E0%A4%A`, or
 * `#/fabrik/%ZZ`: a broken or hand-typed link) is a bad route as a whole: it names, as written,
 * a lesson there is not (no id holds "%" or "/"), so the page says "No such lesson".
 */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  try {
    const parts = path
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p));
    return { lesson: parts[0] ?? null, section: parts[1] ?? null };
  } catch {
    return { lesson: path, section: null };
  }
}

export const lessonHref = (id: string, section?: string): string =>
  `#/${id}${section ? `/${section}` : ''}`;

/** The Sources page, or one source's entry on it. */
export const sourcesHref = (id?: string): string => lessonHref(SOURCES_PAGE, id);

export const instructorsHref = (): string => lessonHref(INSTRUCTORS_PAGE);

export const formulasHref = (): string => lessonHref(FORMULAS_PAGE);
