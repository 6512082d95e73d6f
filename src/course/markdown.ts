import hljs from 'highlight.js/lib/core';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';
import katex from 'katex';
import { Marked, type Tokens } from 'marked';
import { quote, rawParams } from '../demos/params.ts';
import {
  CITATION_AT_START,
  citationAnchorHtml,
  citationHtml,
  citationParts,
  nextCitationIndex,
  type CitationPart,
} from '../ui/sources.ts';
import { escapeHtml } from '../ui/escape-html.ts';
import { parseChallengeBlock } from './challenge-block.ts';
import {
  LessonDirectiveError,
  lessonListHtml,
  lessonListSyntax,
  parseLessonListBlock,
  type LessonRef,
} from './lesson-list-block.ts';
import { parsePredictBlock } from './predict-block.ts';

hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('python', python);
// GDScript has no highlight.js grammar; Python's is close enough to read.
hljs.registerAliases(['gdscript'], { languageName: 'python' });
hljs.registerAliases(['ts'], { languageName: 'typescript' });

export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A demo block in a lesson:
 *
 *     ```demo look-at
 *     flipRootX: true
 *     targetX: 120
 *     ```
 *
 * becomes a placeholder the page fills with a live DemoFrame. Parameters are `name: value` lines,
 * read as a URL's are: a name given twice is reported and its first value used.
 */
export interface DemoBlock {
  id: string;
  /** Own keys only; a repeated name holds all its values (see `rawParams`). */
  params: Record<string, string | string[]>;
  /** Lines that were not `name: value`, reported in the demo's frame. */
  problems: string[];
}

export function parseDemoBlock(info: string, body: string): DemoBlock {
  const id = info.replace(/^demo\s*/, '').trim();
  const pairs: [string, string][] = [];
  const problems: string[] = [];
  if (!id) problems.push('The demo block names no demo: write ```demo <id>.');
  body.split('\n').forEach((line, i) => {
    if (line.trim() === '' || line.trim().startsWith('#')) return;
    // Any word is a name here; one the demo does not have is reported with the demo's names.
    const m = /^\s*([A-Za-z_]\w*)\s*[:=]\s*(.*?)\s*$/.exec(line);
    if (m) pairs.push([m[1]!, m[2]!]);
    else
      problems.push(
        `Line ${i + 1} of the demo block, ${quote(line.trim())}, is not "name: value".`,
      );
  });
  return { id, params: rawParams(pairs), problems };
}

/** A drawn figure's SVG by name (lessons/figures/<name>.svg), or null; given at build time. */
export type FigureSource = (name: string) => string | null;

/**
 * The Markdown → HTML pipeline for lessons: demo, predict, challenge, figure and lessons blocks,
 * $math$, highlighted code, heading anchors. `lessons` is the course's index, which a lessons
 * block lists from; a lesson with such a block cannot be rendered without it.
 */
export function createLessonMarkdown(
  lessonId: string,
  figure: FigureSource = () => null,
  lessons?: readonly LessonRef[],
): Marked {
  const marked = new Marked({ gfm: true });
  let predictions = 0;
  let challenges = 0;
  let lessonLists = 0;
  /** Markdown with this lesson's extensions (maths, citations), without its <p> wrapper. */
  const inline = (text: string): string => marked.parseInline(text, { async: false }) as string;
  marked.use({
    extensions: [
      {
        name: 'mathBlock',
        level: 'block',
        start: (src: string) => src.indexOf('$$'),
        tokenizer(src: string) {
          const m = /^\$\$([\s\S]+?)\$\$(?:\n|$)/.exec(src);
          return m ? { type: 'mathBlock', raw: m[0], text: m[1]!.trim() } : undefined;
        },
        renderer: (t) =>
          katex.renderToString((t as Tokens.Generic).text as string, {
            displayMode: true,
            throwOnError: false,
          }),
      },
      {
        name: 'mathInline',
        level: 'inline',
        start: (src: string) => src.indexOf('$'),
        tokenizer(src: string) {
          const m = /^\$(?!\s)([^$\n]+?)(?<!\s)\$(?!\d)/.exec(src);
          return m ? { type: 'mathInline', raw: m[0], text: m[1]! } : undefined;
        },
        renderer: (t) =>
          katex.renderToString((t as Tokens.Generic).text as string, {
            displayMode: false,
            throwOnError: false,
          }),
      },
      {
        // "seed 001 §2" becomes "Thiago's Godot IK blog, §2", linked to its Sources entry.
        name: 'citation',
        level: 'inline',
        start: nextCitationIndex,
        tokenizer(src: string) {
          const m = CITATION_AT_START.exec(src);
          const part = m && citationParts(m[0])[0];
          return part && typeof part !== 'string'
            ? { type: 'citation', raw: m[0], part }
            : undefined;
        },
        renderer: (t) => citationAnchorHtml((t as Tokens.Generic).part as CitationPart),
      },
    ],
    renderer: {
      code(token: Tokens.Code) {
        const info = (token.lang ?? '').trim();
        if (info === 'demo' || info.startsWith('demo ')) {
          const block = parseDemoBlock(info, token.text);
          return `<div class="demo-slot" data-demo="${escapeHtml(block.id)}" data-params="${escapeHtml(JSON.stringify(block.params))}" data-problems="${escapeHtml(JSON.stringify(block.problems))}"></div>\n`;
        }
        if (info === 'predict') return predictHtml(lessonId, ++predictions, token.text);
        if (info === 'challenge') return challengeHtml(lessonId, ++challenges, token.text);
        if (info.startsWith('figure')) return figureHtml(info.slice(6).trim(), token.text);
        if (info === 'lessons') return lessonsHtml(++lessonLists, token.text);
        if (info === 'measured' || info.startsWith('measured '))
          return measuredHtml(info.slice(8).trim(), token.text);
        const lang = info.split(/\s+/)[0] ?? '';
        const html =
          lang && hljs.getLanguage(lang)
            ? hljs.highlight(token.text, { language: lang }).value
            : escapeHtml(token.text);
        return `<pre><code class="hljs${lang ? ` language-${escapeHtml(lang)}` : ''}">${html}</code></pre>\n`;
      },
      heading(token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const slug = slugify(token.text);
        if (token.depth === 1) return `<h1>${inner}</h1>\n`;
        return `<h${token.depth} id="${lessonId}--${slug}"><a class="anchor" href="#/${lessonId}/${slug}" aria-label="Link to this section">#</a>${inner}</h${token.depth}>\n`;
      },
    },
  });

  /**
   * A prediction as a small form: the question, a radio button per choice and a Check button;
   * the page's script (predictions.ts) says right or wrong, offers a wrong pick a second try,
   * and reveals the explanation.
   */
  function predictHtml(lesson: string, n: number, body: string): string {
    const block = parsePredictBlock(body);
    if (block.problems.length)
      return `<div class="demo-error" role="alert">${escapeHtml(`Prediction ${n} of this lesson cannot be shown. ${block.problems.join(' ')}`)}</div>\n`;
    const id = `${lesson}/predict-${n}`;
    const right = block.choices.findIndex((c) => c.right);
    const choices = block.choices
      .map(
        (c, i) =>
          `<label class="predict__choice"><input type="radio" name="${escapeHtml(id)}" value="${i}"> <span>${inline(c.text)}</span></label>`,
      )
      .join('');
    return `<form class="predict" data-predict="${escapeHtml(id)}" data-right="${right}"><p class="predict__q"><span class="predict__tag">Predict</span> ${inline(block.question)}</p><fieldset class="predict__choices"><legend class="visually-hidden">Your answer</legend>${choices}</fieldset><button type="submit" class="predict__check">Check my answer</button><p class="predict__verdict" role="status" aria-live="polite" tabindex="-1"></p><p class="predict__retry" hidden><button type="button" class="predict__again">Try again</button> <button type="button" class="predict__reveal">Show the answer</button></p><div class="predict__why" hidden>${marked.parse(block.explanation, { async: false }) as string}</div></form>\n`;
  }
  /**
   * A checked challenge: the task, and either a status the page updates from the figure's
   * readout (challenges.ts) or a box for a typed answer.
   */
  function challengeHtml(lesson: string, n: number, body: string): string {
    const block = parseChallengeBlock(body);
    if (block.problems.length || !block.check)
      return `<div class="demo-error" role="alert">${escapeHtml(`Challenge ${n} of this lesson cannot be shown. ${block.problems.join(' ')}`)}</div>\n`;
    const id = escapeHtml(`${lesson}/challenge-${n}`);
    const c = block.check;
    const head = `<p class="challenge__tag">Challenge</p>${marked.parse(block.prompt, { async: false }) as string}`;
    const hint = block.hint && `<strong>Hint:</strong> ${inline(block.hint)}`;
    if (c.kind === 'readout') {
      // Nothing is ever "wrong" while the figure is watched, so the hint waits to be asked for.
      const ask = hint
        ? `<details class="challenge__hint"><summary>Stuck? A hint</summary><p>${hint}</p></details>`
        : '';
      return `<section class="challenge" data-challenge="${id}" data-kind="readout" data-readout="${escapeHtml(c.readout)}" data-min="${c.min}" data-max="${c.max}"${block.demo ? ` data-demo="${escapeHtml(block.demo)}"` : ''}>${head}<p class="challenge__status" role="status" aria-live="polite">Not solved yet: the figure checks it as you work.</p>${ask}</section>\n`;
    }
    // Shown after a wrong answer (challenges.ts), not before: first the student tries alone.
    const later = hint ? `<template class="challenge__hint">${hint}</template>` : '';
    return `<form class="challenge" data-challenge="${id}" data-kind="answer" data-value="${c.value}" data-tolerance="${c.tolerance}">${head}<p class="challenge__answer"><label>Your answer <input type="text" inputmode="decimal" autocomplete="off" spellcheck="false"></label> <button type="submit">Check</button></p><p class="challenge__status" role="status" aria-live="polite"></p>${later}</form>\n`;
  }
  /**
   * A generated list of lessons. A mistake in it is the author's, not the reader's: it throws,
   * so the build (and the lesson tests) stop and say which lesson and what a block may hold.
   */
  function lessonsHtml(n: number, body: string): string {
    const self = lessons?.find((l) => l.id === lessonId);
    const where = `${self ? `Lesson ${self.number} (${lessonId})` : `Lesson "${lessonId}"`}, lessons block ${n}`;
    if (!lessons)
      throw new LessonDirectiveError(`${where}: no lesson index was given to list lessons from.`);
    const block = parseLessonListBlock(body, lessons);
    if (block.problems.length)
      throw new LessonDirectiveError(
        `${where}: ${block.problems.join(' ')} ${lessonListSyntax(lessons.length)}`,
      );
    return lessonListHtml(block, lessons, inline);
  }
  /**
   * A folded "How we measured" box: the decimals, runs and settings behind a section's claims,
   * kept out of the main text (which carries the idea) but one click away. The info string may
   * name it: ```measured How we timed it.
   */
  function measuredHtml(title: string, body: string): string {
    const summary = inline(title || 'How we measured');
    return `<details class="measured"><summary>${summary}</summary>${marked.parse(body, { async: false }) as string}</details>\n`;
  }
  /** A still figure drawn as SVG in the repository, inlined so it takes the page's theme. */
  function figureHtml(name: string, caption: string): string {
    const svg = /^[\w-]+$/.test(name) ? figure(name) : null;
    if (svg === null)
      return `<div class="demo-error" role="alert">${escapeHtml(`There is no drawn figure called "${name}": figures are SVG files in lessons/figures/, named with letters, digits and dashes.`)}</div>\n`;
    const text = caption.trim();
    return `<figure class="static">${svg}${text ? `<figcaption>${marked.parse(text, { async: false }) as string}</figcaption>` : ''}</figure>\n`;
  }
  return marked;
}

export function renderLessonHtml(
  lessonId: string,
  markdown: string,
  figure?: FigureSource,
  lessons?: readonly LessonRef[],
): string {
  return createLessonMarkdown(lessonId, figure, lessons).parse(markdown, {
    async: false,
  }) as string;
}

/** The line at a lesson's end that credits its sources, each citation a link to its entry. */
export const lessonCreditHtml = (credit: string): string =>
  `Credit: this lesson teaches the idea of ${citationHtml(credit)}.`;
