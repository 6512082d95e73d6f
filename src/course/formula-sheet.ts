import katex from 'katex';
import { escapeHtml } from '../ui/escape-html.ts';
import { slugify } from './markdown.ts';

export interface SheetLesson {
  id: string;
  title: string;
  number: number;
  /** The lesson's Markdown body (after its header). */
  body: string;
}

export interface SheetFormula {
  /** The section it sits in ('' before the first heading) and that section's slug. */
  section: string;
  slug: string;
  tex: string;
}

/**
 * Every displayed formula ($$ … $$) of a lesson, with the section it sits in. Fenced code is
 * skipped (a dollar sign there is code, not maths).
 */
export function lessonFormulas(body: string): SheetFormula[] {
  const out: SheetFormula[] = [];
  let section = '';
  let fenced = false;
  let maths: string[] | null = null;
  for (const line of body.split('\n')) {
    if (maths) {
      if (line.trim().endsWith('$$')) {
        maths.push(line.trim().slice(0, -2));
        out.push({ section, slug: slugify(section), tex: maths.join('\n').trim() });
        maths = null;
      } else maths.push(line);
      continue;
    }
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{2,6}\s+(.*)$/.exec(line);
    if (heading) section = heading[1]!.trim();
    const t = line.trim();
    if (t.startsWith('$$')) {
      const rest = t.slice(2);
      if (rest.endsWith('$$') && rest.length >= 2)
        out.push({ section, slug: slugify(section), tex: rest.slice(0, -2).trim() });
      else maths = [rest];
    }
  }
  return out;
}

/** The cheat sheet: each lesson's formulas, typeset, each linking to its section. */
export function formulaSheetHtml(lessons: readonly SheetLesson[]): string {
  const parts: string[] = [];
  let total = 0;
  for (const l of lessons) {
    const formulas = lessonFormulas(l.body);
    if (formulas.length === 0) continue;
    total += formulas.length;
    const items = formulas.map((f) => {
      const href = `#/${l.id}${f.slug ? `/${f.slug}` : ''}`;
      const where = f.section ? escapeHtml(f.section) : 'Introduction';
      const maths = katex.renderToString(f.tex, { displayMode: true, throwOnError: false });
      return `<li class="sheet__formula">${maths}<a class="sheet__where" href="${href}">${where}</a></li>`;
    });
    parts.push(
      `<section class="sheet__lesson"><h2><a href="#/${l.id}">${l.number}. ${escapeHtml(l.title)}</a></h2><ul>${items.join('')}</ul></section>`,
    );
  }
  return `<p class="sheet__lead">All ${total} displayed formulas of the course, in lesson order. Each links to the section that explains it, next to its live figure.</p>${parts.join('')}`;
}
