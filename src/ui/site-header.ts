import { el } from './dom.ts';
import { themeToggle } from './theme.ts';

/**
 * The header the playground and the gallery share: the course's title (home), a page name,
 * links to the other pages, and the theme switch.
 */
export function siteHeader(
  homeHref: string,
  page: string,
  links: ReadonlyArray<[label: string, href: string]>,
): HTMLElement {
  const header = el('header', 'site-header');
  const home = el('a', 'site-title', 'Inverse kinematics, by dragging');
  home.href = homeHref;
  header.append(home);
  if (page) header.append(el('span', 'site-page', page));
  header.append(el('span', 'spacer'));
  for (const [label, href] of links) {
    const a = el('a', 'site-link', label);
    a.href = href;
    header.append(a);
  }
  header.append(themeToggle());
  return header;
}
