import { fitFormulas } from '../ui/fit-formula.ts';
import type { DemoFrame } from '../ui/demo-frame.ts';
import { el, errorBox } from '../ui/dom.ts';
import { destroyFrames, mountDemoSlots } from '../ui/mount-demo.ts';
import { applyTheme, initialTheme, themeToggle } from '../ui/theme.ts';
import { LESSONS, type LessonEntry, type LessonHtml } from './lesson-list.ts';
import { quote } from '../demos/params.ts';
import {
  loadProgress,
  markAnswered,
  markCompleted,
  markSolved,
  markVisited,
  saveProgress,
  type Progress,
} from './progress.ts';
import { wireChallenges } from './challenges.ts';
import { wirePredictions } from './predictions.ts';
import {
  COURSE_PAGES,
  FORMULAS_PAGE,
  formulasHref,
  INSTRUCTORS_PAGE,
  instructorsHref,
  lessonHref,
  parseRoute,
  SOURCES_PAGE,
  sourcesHref,
} from '../ui/course-route.ts';

/**
 * The course page: a table of contents, one lesson at a time rendered from Markdown with live
 * demos, previous/next links, deep links to sections, and progress kept in localStorage; and the
 * Sources page, which every citation in a lesson links to.
 */
/** The share of a lesson's sections that must have been on screen before its end counts. */
const READ_SHARE = 0.7;

export class CourseApp {
  private readonly toc = el('nav', 'toc');
  private readonly main = el('main', 'lesson');
  private frames: DemoFrame[] = [];
  private progress: Progress = loadProgress();
  private endObserver: IntersectionObserver | null = null;
  private formulaObserver: ResizeObserver | null = null;
  private stopFontWatch: (() => void) | null = null;
  /** Counts pages shown: an async page that finishes after another was opened shows nothing. */
  private shown = 0;

  constructor(private readonly host: HTMLElement) {
    applyTheme(initialTheme());
    this.buildShell();
    addEventListener('hashchange', () => this.route());
    this.route();
  }

  private buildShell(): void {
    const header = el('header', 'site-header');
    const menu = el('button', 'menu-toggle', '☰ Lessons');
    menu.type = 'button';
    menu.setAttribute('aria-expanded', 'false');
    menu.setAttribute('aria-controls', 'toc');
    menu.addEventListener('click', () => {
      const open = this.host.classList.toggle('toc-open');
      menu.setAttribute('aria-expanded', String(open));
    });
    const home = el('a', 'site-title', 'Inverse kinematics, by dragging');
    home.href = '#/';
    const playground = el('a', 'site-link', 'Playground');
    playground.href = 'playground/index.html';
    playground.title = 'Build your own node tree, rig it with IK, save and share it';
    const gallery = el('a', 'site-link', 'Demo gallery');
    gallery.href = 'playground/gallery.html';
    header.append(menu, home, el('span', 'spacer'), playground, gallery, themeToggle());
    const skip = el('a', 'skip-link', 'Skip to the lesson');
    skip.href = '#main';
    skip.addEventListener('click', (e) => {
      e.preventDefault();
      this.main.focus();
    });
    this.toc.id = 'toc';
    this.toc.setAttribute('aria-label', 'Lessons');
    this.main.id = 'main';
    this.main.tabIndex = -1;
    const layout = el('div', 'layout');
    layout.append(this.toc, this.main);
    this.host.append(skip, header, layout);
  }

  private renderToc(current: string | null): void {
    const list = el('ol', 'toc__list');
    LESSONS.forEach((entry, i) => {
      const li = el('li');
      const id = entry.lesson?.meta.id;
      const a = el('a', 'toc__link');
      a.href = id ? lessonHref(id) : '#/';
      const done = id && this.progress.completed.includes(id);
      const status = el(
        'span',
        'toc__status',
        done ? '✓' : id && this.progress.visited.includes(id) ? '•' : '',
      );
      status.setAttribute(
        'aria-label',
        done ? 'read to the end' : id && this.progress.visited.includes(id) ? 'opened' : '',
      );
      a.append(
        status,
        el('span', 'toc__num', `${i + 1}.`),
        el('span', '', entry.lesson?.meta.title ?? `${entry.file} (cannot be read)`),
      );
      if (id === current) a.setAttribute('aria-current', 'page');
      li.append(a);
      list.append(li);
    });
    const sources = el('a', 'toc__gallery toc__sources', 'Sources: where the ideas come from');
    sources.href = sourcesHref();
    if (current === SOURCES_PAGE) sources.setAttribute('aria-current', 'page');
    const instructors = el('a', 'toc__gallery', 'For instructors: put a demo in your page');
    instructors.href = instructorsHref();
    if (current === INSTRUCTORS_PAGE) instructors.setAttribute('aria-current', 'page');
    const formulas = el('a', 'toc__gallery', 'Every formula on one page');
    formulas.href = formulasHref();
    if (current === FORMULAS_PAGE) formulas.setAttribute('aria-current', 'page');
    const playground = el('a', 'toc__gallery', 'Playground: build your own');
    playground.href = 'playground/index.html';
    const gallery = el('a', 'toc__gallery', 'Demo gallery, for instructors');
    gallery.href = 'playground/gallery.html';
    // What the marks mean, in the list's own words.
    const legend = el('p', 'toc__legend', '• opened · ✓ read to the end');
    this.toc.replaceChildren(
      el('h2', 'toc__title', 'Lessons'),
      list,
      legend,
      sources,
      formulas,
      instructors,
      playground,
      gallery,
    );
  }

  private route(): void {
    const { lesson, section } = parseRoute(location.hash);
    this.host.classList.remove('toc-open');
    if (!lesson) return this.showHome();
    if (lesson === SOURCES_PAGE) return void this.showSources(section);
    if (lesson === INSTRUCTORS_PAGE) return void this.showInstructors();
    if (lesson === FORMULAS_PAGE) return void this.showFormulas();
    const index = LESSONS.findIndex((e) => e.lesson?.meta.id === lesson);
    const current = this.main.dataset.lesson;
    if (index < 0) return this.showMissing(lesson);
    if (current !== lesson) {
      scrollTo(0, 0);
      void this.showLesson(LESSONS[index]!, index, section);
    } else if (section) document.getElementById(`${lesson}--${section}`)?.scrollIntoView();
  }

  private clear(): void {
    this.shown++;
    destroyFrames(this.frames);
    this.frames = [];
    this.endObserver?.disconnect();
    this.formulaObserver?.disconnect();
    this.stopFontWatch?.();
    this.main.replaceChildren();
    delete this.main.dataset.lesson;
  }

  private showHome(): void {
    this.clear();
    this.renderToc(null);
    document.title = 'Inverse kinematics, by dragging';
    const intro = el('section', 'home');
    intro.append(
      el('h1', '', 'Inverse kinematics, by dragging'),
      el(
        'p',
        'lead',
        'Drag a target and watch a skeleton reach for it. Each lesson is short, and every idea has a live figure beside it: move things, break things, read the numbers.',
      ),
    );
    const last =
      this.progress.last && LESSONS.find((e) => e.lesson?.meta.id === this.progress.last);
    if (last && last.lesson) {
      const resume = el('a', 'resume', `Continue: ${last.lesson.meta.title} →`);
      resume.href = lessonHref(last.lesson.meta.id);
      intro.append(resume);
    }
    const cards = el('ol', 'lesson-cards');
    LESSONS.forEach((entry, i) => {
      const li = el('li', 'lesson-card');
      if (!entry.lesson) {
        li.append(el('p', 'demo-error', entry.error ?? 'This lesson cannot be read.'));
      } else {
        const a = el('a', '', `${i + 1}. ${entry.lesson.meta.title}`);
        a.href = lessonHref(entry.lesson.meta.id);
        const done = this.progress.completed.includes(entry.lesson.meta.id);
        li.append(el('h2', ''), el('p', '', entry.lesson.meta.summary));
        li.firstChild!.appendChild(a);
        if (done) li.append(el('span', 'badge', '✓ finished'));
      }
      cards.append(li);
    });
    intro.append(el('h2', 'home__toc', 'Table of contents'), cards);
    this.main.append(intro);
    const box = el('section', 'home__sources');
    intro.append(box);
    void Promise.all([import('../ui/sources.ts'), import('./sources-page.ts')]).then(([s, p]) =>
      this.homeSources(box, s.SOURCES, p.inWords),
    );
  }

  /** The home page's pointer to the Sources page, naming each source. */
  private homeSources(
    box: HTMLElement,
    SOURCES: typeof import('../ui/sources.ts').SOURCES,
    inWords: (n: number) => string,
  ): void {
    box.setAttribute('aria-labelledby', 'home-sources');
    const title = el('h2', 'home__toc', 'Sources');
    title.id = 'home-sources';
    const p = el('p');
    p.append(`The course grew from ${inWords(SOURCES.length)} documents: `);
    SOURCES.forEach((s, i) => {
      const a = el('a', '', s.shortName);
      a.href = sourcesHref(s.id);
      p.append(a, i === SOURCES.length - 1 ? '. ' : i === SOURCES.length - 2 ? ' and ' : ', ');
    });
    const page = el('a', '', 'The Sources page');
    page.href = sourcesHref();
    p.append(
      page,
      ' gives each one’s full reference, what the course takes from it and what it corrects.',
    );
    box.append(title, p);
  }

  /** The Sources page, scrolled to one source's entry when the route names one. */
  private async showSources(id: string | null): Promise<void> {
    this.clear();
    this.renderToc(SOURCES_PAGE);
    document.title = 'Sources · Inverse kinematics, by dragging';
    const shown = this.shown;
    const [{ SOURCES }, { inWords, sourceEntryId, sourcesPage }] = await Promise.all([
      import('../ui/sources.ts'),
      import('./sources-page.ts'),
    ]);
    if (shown !== this.shown) return;
    const page = sourcesPage(LESSONS);
    const target = id ? page.querySelector<HTMLElement>(`#${CSS.escape(sourceEntryId(id))}`) : null;
    if (id && !target) {
      const box = errorBox(
        `There is no source called ${quote(id)}. The ${inWords(SOURCES.length)} sources are listed below.`,
      );
      page.querySelector('h1')!.after(box);
    }
    this.main.append(page);
    if (target) {
      target.classList.add('is-target');
      target.scrollIntoView();
      target.focus({ preventScroll: true });
    } else scrollTo(0, 0);
  }

  /**
   * A course page that is not a lesson: cleared, titled from COURSE_PAGES, its code loaded on
   * demand, and shown only if the reader has not moved on meanwhile.
   */
  private async showCoursePage(id: string, load: () => Promise<HTMLElement>): Promise<void> {
    this.clear();
    this.renderToc(id);
    document.title = `${COURSE_PAGES[id]} · Inverse kinematics, by dragging`;
    const shown = this.shown;
    const page = await load();
    if (shown !== this.shown) return;
    this.main.append(page);
    scrollTo(0, 0);
  }

  /** The page for instructors: its code (the builder, every demo's reference) loads here. */
  private showInstructors(): Promise<void> {
    return this.showCoursePage(INSTRUCTORS_PAGE, async () =>
      (await import('./instructors-page.ts')).instructorsPage(),
    );
  }

  /** Every displayed formula, typeset at build time, each linking to its lesson's section. */
  private showFormulas(): Promise<void> {
    return this.showCoursePage(FORMULAS_PAGE, async () => {
      const { FORMULA_SHEET_HTML } = await import('virtual:formula-sheet');
      const page = el('article', 'lesson__body sheet');
      page.append(el('h1', '', 'Every formula on one page'));
      const body = el('div');
      // Made at build time by our own renderer from the repository's lessons: trusted.
      body.innerHTML = FORMULA_SHEET_HTML;
      page.append(body);
      return page;
    });
  }

  private showMissing(id: string): void {
    this.clear();
    this.renderToc(null);
    const box = el('section', 'missing');
    box.append(
      el('h1', '', 'No such lesson'),
      el('p', '', `There is no lesson called ${quote(id)}. Pick one from the list.`),
    );
    this.main.append(box);
  }

  /**
   * One lesson: its HTML (rendered from its Markdown when the site was built, see
   * lesson-pages.ts) is fetched now, with a line saying so while it comes; a failed fetch says
   * so with a retry button.
   */
  private async showLesson(
    entry: LessonEntry,
    index: number,
    section: string | null,
  ): Promise<void> {
    this.clear();
    if (!entry.lesson) {
      this.renderToc(null);
      const box = errorBox(entry.error ?? 'This lesson cannot be read.');
      this.main.append(box);
      return;
    }
    const { meta } = entry.lesson;
    this.main.dataset.lesson = meta.id;
    document.title = `${meta.title} · Inverse kinematics, by dragging`;
    this.progress = markVisited(this.progress, meta.id);
    saveProgress(this.progress);
    this.renderToc(meta.id);
    const article = el('article', 'lesson__body');
    article.append(el('p', 'lesson__kicker', `Lesson ${index + 1} of ${LESSONS.length}`));
    const loading = el('p', 'lesson__loading', `Loading “${meta.title}”…`);
    loading.setAttribute('role', 'status');
    article.append(loading);
    this.main.append(article);
    const shown = this.shown;
    let page: LessonHtml;
    try {
      page = await entry.load();
    } catch (e) {
      if (shown !== this.shown) return;
      const box = errorBox(
        `“${meta.title}” could not be loaded (${(e as Error).message}). Check the connection and try again.`,
      );
      const retry = el('button', 'retry', 'Try again');
      retry.type = 'button';
      retry.addEventListener('click', () => void this.showLesson(entry, index, section));
      box.append(' ', retry);
      loading.replaceWith(box);
      return;
    }
    if (shown !== this.shown) return;
    // The HTML was made at build time by our own renderer from the repository's Markdown
    // (lesson-pages.ts): it is as trusted as this script, so it goes in as it is.
    const content = el('div');
    content.innerHTML = page.html;
    loading.replaceWith(content);
    // Display formulas wider than the column shrink to fit it, again whenever its width changes.
    let width = -1;
    // One still too wide at the smallest size is set again to break after its = signs
    // (typesetting code comes only to a screen that needs it).
    const refit = () => {
      if (!fitFormulas(content))
        void import('../ui/katex-render.ts').then(({ wrapTooWide }) => wrapTooWide(content));
    };
    this.formulaObserver = new ResizeObserver(() => {
      if (content.clientWidth === width) return;
      width = content.clientWidth;
      refit();
    });
    // KaTeX's fonts may come after a fit (a live formula's \sum brings one of its own) and widen
    // the formulas: fit again each time fonts arrive.
    const onFonts = () => {
      if (content.isConnected) refit();
    };
    document.fonts?.addEventListener('loadingdone', onFonts);
    this.stopFontWatch = () => document.fonts?.removeEventListener('loadingdone', onFonts);
    void document.fonts?.ready.then(onFonts);
    this.formulaObserver.observe(content);
    if (page.creditHtml) {
      // Each citation in the credit links to its source's entry on the Sources page.
      const credit = el('p', 'lesson__credit');
      credit.innerHTML = page.creditHtml;
      article.append(credit);
    }
    article.append(this.prevNext(index));
    wirePredictions(content, this.progress.answers, (id, choice) => {
      this.progress = markAnswered(this.progress, id, choice);
      saveProgress(this.progress);
    });
    this.frames = mountDemoSlots(article, { embedUrl: 'playground/embed.html' });
    wireChallenges(content, this.progress.solved, (id) => {
      this.progress = markSolved(this.progress, id);
      saveProgress(this.progress);
    });
    if (section) document.getElementById(`${meta.id}--${section}`)?.scrollIntoView();
    // Reading to the end marks the lesson finished: the end on screen after most of its
    // sections were, so a jump to the end (the End key, a link to the last section) is not.
    const end = article.querySelector('.prev-next');
    if (end) {
      const sections = [...content.querySelectorAll('h2')];
      const seen = new Set<Element>();
      const needed = Math.ceil(READ_SHARE * sections.length);
      this.endObserver = new IntersectionObserver((entries) => {
        let endInView = false;
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          if (e.target === end) endInView = true;
          else seen.add(e.target);
        }
        if (endInView && seen.size >= needed) {
          this.progress = markCompleted(this.progress, meta.id);
          saveProgress(this.progress);
          this.renderToc(meta.id);
          this.endObserver?.disconnect();
        }
      });
      for (const h of sections) this.endObserver.observe(h);
      this.endObserver.observe(end);
    }
  }

  private prevNext(index: number): HTMLElement {
    const nav = el('nav', 'prev-next');
    nav.setAttribute('aria-label', 'Previous and next lesson');
    const link = (entry: LessonEntry | undefined, rel: 'prev' | 'next') => {
      if (!entry?.lesson) return el('span');
      const a = el(
        'a',
        `prev-next__${rel}`,
        rel === 'prev' ? `← ${entry.lesson.meta.title}` : `${entry.lesson.meta.title} →`,
      );
      a.href = lessonHref(entry.lesson.meta.id);
      a.rel = rel;
      return a;
    };
    nav.append(link(LESSONS[index - 1], 'prev'), link(LESSONS[index + 1], 'next'));
    return nav;
  }
}
