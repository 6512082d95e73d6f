/** Deep links: `#/<lesson-id>` opens a lesson, `#/<lesson-id>/<section-slug>` scrolls to a section. */
export interface Route {
  lesson: string | null;
  section: string | null;
}

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return { lesson: parts[0] ?? null, section: parts[1] ?? null };
}

export const lessonHref = (id: string, section?: string): string =>
  `#/${id}${section ? `/${section}` : ''}`;
