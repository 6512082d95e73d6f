import type { DemoSource } from '../demos/contract.ts';
import { parseParams, type ParamSpec } from '../demos/params.ts';
import { DEMOS, findDemo } from '../demos/registry.ts';
import { autoHeightSnippet } from '../embed/auto-height-snippet.ts';
import { iframeSnippet } from '../ui/embed-snippet.ts';
import { AUTO_HEIGHT, READY, SIZE } from '../embed/parent-link.ts';
import { paramErrorBox } from '../ui/demo-frame.ts';
import { el, uniqueId } from '../ui/dom.ts';
import { paramTable } from '../ui/param-table.ts';

type Way = 'tag' | 'iframe';

/**
 * "For instructors": how to put a demo in your own page. A builder (pick a demo and a way, set
 * parameters, see the live preview rebuild, copy the snippet, read the size it needs), the
 * auto-height script for iframes, the element's events, and every demo's parameters from the
 * schemas the demos themselves check.
 */
export function instructorsPage(): HTMLElement {
  const page = el('article', 'instructors');
  page.append(
    el('h1', '', 'For instructors: put a demo in your page'),
    el(
      'p',
      'lead',
      'Every demo of the course works on its own, in any web page: one script tag and one element per demo, or an iframe. Choose a demo, preset it, watch the preview, copy the snippet.',
    ),
  );
  page.append(builder(), autoHeightSection(), eventsSection(), referenceSection());
  return page;
}

/** Where the course is served from, for absolute snippet URLs. */
const courseUrl = (path: string): string => new URL(path, location.href).href;

function builder(): HTMLElement {
  const section = el('section', 'instructors__builder');
  const heading = el('h2', '', 'Build an embed');
  heading.id = 'instructors-build';
  section.setAttribute('aria-labelledby', heading.id);

  const form = el('form', 'instructors__form');
  form.addEventListener('submit', (e) => e.preventDefault());
  const demoSelect = el('select');
  for (const d of DEMOS) {
    const o = el('option', '', `${d.title} (${d.id})`);
    o.value = d.id;
    demoSelect.append(o);
  }
  const ways = el('fieldset', 'instructors__ways');
  ways.append(el('legend', '', 'How'));
  const wayInputs = (
    [
      ['tag', 'One tag: <ik-demo>'],
      ['iframe', 'An iframe'],
    ] as const
  ).map(([value, text]) => {
    const label = el('label');
    const input = el('input');
    input.type = 'radio';
    input.name = 'instructors-way';
    input.value = value;
    input.checked = value === 'tag';
    label.append(input, ` ${text}`);
    ways.append(label);
    return input;
  });
  const theme = choice('Theme', ['page', 'light', 'dark'], {
    page: "the reader's setting",
    light: 'light',
    dark: 'dark',
  });
  const tree = choice('Scene panel', ['folded', 'true', 'false'], {
    folded: 'folded behind a button',
    true: 'open beside the figure',
    false: 'none',
  });
  const params = el('fieldset', 'instructors__params');
  const paramsMessage = el('div');
  form.append(labelled('Demo', demoSelect), ways, theme.label, tree.label, params, paramsMessage);

  const summary = el('p', 'instructors__summary');
  const scriptBox = snippetBox('The script, once per page');
  const snippet = snippetBox('The snippet');
  const size = el('p', 'instructors__size');
  size.setAttribute('aria-live', 'polite');
  const preview = el('div', 'instructors__preview');
  preview.setAttribute('aria-label', 'Live preview');

  let inputs = new Map<string, () => string | boolean>();
  const current = (): DemoSource => findDemo(demoSelect.value) ?? DEMOS[0]!;
  const way = (): Way => (wayInputs.find((i) => i.checked)?.value as Way) ?? 'tag';

  const buildParams = () => {
    const def = current();
    params.dataset.demo = def.id;
    params.replaceChildren(el('legend', '', `Parameters of ${def.title}`));
    inputs = new Map();
    const rows = new Map<string, HTMLElement>();
    for (const [name, spec] of Object.entries(def.params)) {
      const { row, read } = paramInput(name, spec);
      params.append(row);
      inputs.set(name, read);
      rows.set(name, row);
    }
    // Each setting's help, the sentence the figure gives its control, as it arrives.
    void def.describe().then((d) => {
      for (const [name, help] of Object.entries(d.help ?? {}))
        if (help) rows.get(name)?.append(el('span', 'param-help', help));
    });
    const reset = el('button', 'instructors__reset', 'Back to the defaults');
    reset.type = 'button';
    reset.addEventListener('click', () => {
      buildParams();
      update();
    });
    params.append(reset);
    summary.textContent = def.summary;
  };

  let previewTimer = 0;
  let measured: number | null = null;
  const update = () => {
    const def = current();
    // The demo menu's own input event comes before its change: the fields may be another demo's.
    if (params.dataset.demo !== def.id) buildParams();
    // Only values that differ from the defaults go into the snippet, checked by the schema.
    const raw: Record<string, string> = {};
    for (const [name, read] of inputs) {
      const v = read();
      if (String(v) !== String(def.params[name]!.default)) raw[name] = String(v);
    }
    const parsed = parseParams(def.params, raw, `demo "${def.id}"`);
    paramsMessage.replaceChildren(...(parsed.ok ? [] : [paramErrorBox(parsed.errors)]));
    const good = parsed.ok
      ? raw
      : Object.fromEntries(
          Object.entries(raw).filter(([k]) => !parsed.errors.some((e) => e.param === k)),
        );
    const options: Record<string, string> = {};
    if (theme.select.value !== 'page') options.theme = theme.select.value;
    if (tree.select.value !== 'folded') options.tree = tree.select.value;
    const all = { ...options, ...good };
    if (way() === 'tag') {
      scriptBox.box.hidden = false;
      scriptBox.set(`<script type="module" src="${courseUrl('ik-demo.js')}"></script>`);
      const attrs = Object.entries(all)
        .map(([k, v]) => ` ${k}="${v.replace(/"/g, '&quot;')}"`)
        .join('');
      snippet.set(`<ik-demo demo="${def.id}"${attrs}></ik-demo>`);
    } else {
      scriptBox.box.hidden = true;
      const q = new URLSearchParams({ demo: def.id, ...all });
      snippet.set(
        iframeSnippet(courseUrl(`playground/embed.html?${q}`), def.title, measured ?? 560),
      );
    }
    // The preview rebuilds once the instructor pauses typing.
    clearTimeout(previewTimer);
    previewTimer = window.setTimeout(() => showPreview(def, all), 250);
  };

  /** The preset shown exactly as a reader will see it, and the height it needs measured. */
  const showPreview = (def: DemoSource, values: Record<string, string>) => {
    measured = null;
    size.textContent = 'Measuring the height this preset needs…';
    if (way() === 'tag') {
      void import('../embed/ik-demo.ts').then(() => {
        const element = document.createElement('ik-demo');
        element.setAttribute('demo', def.id);
        for (const [k, v] of Object.entries(values)) element.setAttribute(k, v);
        preview.replaceChildren(element);
        const watch = new ResizeObserver(() => {
          if (!element.isConnected) return watch.disconnect();
          const h = Math.round(element.getBoundingClientRect().height);
          if (h > 0) sayHeight(def, Math.round(element.getBoundingClientRect().width), h);
        });
        watch.observe(element);
      });
      return;
    }
    const frame = el('iframe', 'instructors__frame');
    frame.title = `Preview: ${def.title}`;
    frame.src = `playground/embed.html?${new URLSearchParams({ demo: def.id, ...values })}`;
    frame.height = '560';
    preview.replaceChildren(frame);
  };

  const sayHeight = (def: DemoSource, width: number, height: number) => {
    const grew = measured !== height;
    measured = height;
    size.textContent = `Measured in the preview: at ${width} px wide, “${def.title}” with these settings needs ${height} px of height to show everything without scrolling${way() === 'iframe' ? ' (the snippet’s height)' : ''}. In a smaller frame the figure comes first and the controls scroll; it stays usable down to 320 × 480.`;
    if (grew && way() === 'iframe') {
      const text = snippet.get();
      snippet.set(text.replace(/height="\d+"/, `height="${height}"`));
    }
  };

  // The preview iframe (same origin) answers the auto-height handshake like any parent's.
  const onMessage = (e: MessageEvent) => {
    if (!section.isConnected) return removeEventListener('message', onMessage);
    const frame = preview.querySelector('iframe');
    if (!frame || e.source !== frame.contentWindow || e.origin !== location.origin) return;
    const data = e.data as { type?: string; height?: number };
    if (data?.type === READY) frame.contentWindow!.postMessage({ type: AUTO_HEIGHT }, e.origin);
    if (data?.type === SIZE && typeof data.height === 'number') {
      frame.style.height = `${data.height}px`;
      sayHeight(current(), Math.round(frame.getBoundingClientRect().width), data.height);
    }
  };
  addEventListener('message', onMessage);

  form.addEventListener('input', update);
  form.addEventListener('change', update);
  buildParams();
  update();

  const out = el('div', 'instructors__out');
  out.append(summary, scriptBox.box, snippet.box, size);
  const columns = el('div', 'instructors__columns');
  columns.append(form, out);
  // The preview below, as wide as the snippet's 720 px when the page allows: what it measures
  // is what the snippet gets.
  section.append(heading, columns, el('h3', '', 'Live preview'), preview);
  return section;
}

function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const label = el('label', 'instructors__field');
  label.append(el('span', '', text), control);
  return label;
}

function choice(text: string, values: readonly string[], names: Record<string, string>) {
  const select = el('select');
  for (const v of values) {
    const o = el('option', '', names[v] ?? v);
    o.value = v;
    select.append(o);
  }
  return { select, label: labelled(text, select) };
}

/** One parameter's control, with its name, meaning and default. */
function paramInput(name: string, spec: ParamSpec): { row: HTMLElement; read(): string | boolean } {
  const id = uniqueId(`param-${name}`);
  const row = el('div', 'instructors__param');
  const label = el('label', '', `${spec.label} `);
  label.htmlFor = id;
  label.append(el('code', '', name));
  const hint = el('span', 'instructors__default', `default ${String(spec.default)}`);
  if (spec.type === 'boolean') {
    const input = el('input');
    input.type = 'checkbox';
    input.id = id;
    input.checked = spec.default;
    row.append(input, label, hint);
    return { row, read: () => input.checked };
  }
  if (spec.type === 'choice') {
    const select = el('select');
    select.id = id;
    for (const o of spec.options) {
      const option = el('option', '', o);
      option.value = o;
      select.append(option);
    }
    select.value = spec.default;
    row.append(label, select, hint);
    return { row, read: () => select.value };
  }
  const input = el('input');
  input.type = 'number';
  input.id = id;
  input.min = String(spec.min);
  input.max = String(spec.max);
  input.step = String(spec.step ?? 'any');
  input.value = String(spec.default);
  hint.textContent = `${spec.min} to ${spec.max}${spec.unit ? ` ${spec.unit}` : ''}, default ${spec.default}`;
  row.append(label, input, hint);
  return { row, read: () => input.value.trim() };
}

/** A read-only snippet with a Copy button that says whether it worked. */
function snippetBox(title: string) {
  const box = el('div', 'instructors__snippet');
  const id = uniqueId('snippet');
  const label = el('label', '', title);
  label.htmlFor = id;
  const text = el('textarea');
  text.id = id;
  text.readOnly = true;
  text.rows = 3;
  text.spellcheck = false;
  const copy = el('button', 'instructors__copy', 'Copy');
  copy.type = 'button';
  const said = el('span', 'instructors__copied');
  said.setAttribute('aria-live', 'polite');
  copy.addEventListener('click', () => {
    const done = (message: string) => {
      said.textContent = message;
      window.setTimeout(() => (said.textContent = ''), 2500);
    };
    // No clipboard (an insecure page, an old browser) or no permission: select it for Ctrl+C.
    const select = () => {
      text.focus();
      text.select();
      done('Selected: press Ctrl+C (⌘C) to copy.');
    };
    if (!navigator.clipboard) return select();
    navigator.clipboard.writeText(text.value).then(() => done('Copied.'), select);
  });
  const bar = el('div', 'instructors__snippet-bar');
  bar.append(label, copy, said);
  box.append(bar, text);
  return {
    box,
    set(value: string) {
      text.value = value;
      text.rows = Math.min(14, value.split('\n').length + Math.ceil(value.length / 90));
    },
    get: () => text.value,
  };
}

function autoHeightSection(): HTMLElement {
  const section = titled(
    'Iframes that size themselves',
    'An iframe embed fills the frame you give it. To let it take the height its content needs instead, add this script once to your page. The embed then sends its height, and its demo’s events, to your page only, and only because your page asked.',
  );
  const box = snippetBox('Auto-height script');
  box.set(autoHeightSnippet(location.origin));
  section.append(box.box);
  return section;
}

/** A section with its heading and first paragraph. */
function titled(title: string, text: string, className = ''): HTMLElement {
  const section = el('section', className);
  section.append(el('h2', '', title), el('p', '', text));
  return section;
}

function eventsSection(): HTMLElement {
  const section = titled(
    'Events your page can listen to',
    'An <ik-demo> element fires these (listen with addEventListener on the element); an iframe with auto-height sends them as messages { type: "ik-demo:event", event, detail }.',
  );
  const list = el('dl', 'instructors__events');
  for (const [name, what] of [
    ['ik-solved', 'The chain solved to a new result: detail { error, iterations, reached }.'],
    ['ik-target-moved', 'The reader moved a target: detail { name, x, y }.'],
    ['ik-error', 'A parameter was not understood: detail { messages }, the same words as shown.'],
  ] as const) {
    list.append(el('dt', '', name), el('dd', '', what));
  }
  section.append(list);
  return section;
}

/** Every demo's parameters, and the options every embed takes, from the demos' own schemas. */
function referenceSection(): HTMLElement {
  const section = titled(
    'Every demo and its parameters',
    'Attributes of <ik-demo> and parameters of an iframe URL are the same. A value outside what is allowed is named in the demo’s frame, and the default is used in its place; a parameter given twice uses its first value.',
    'instructors__reference',
  );
  const options = el('table', 'gallery__params');
  options.innerHTML =
    '<caption>Options every demo takes</caption><thead><tr><th>Option</th><th>Meaning</th><th>Allowed</th><th>Default</th></tr></thead>';
  const body = el('tbody');
  for (const row of [
    ['demo', 'Which demo', 'a demo id (below)', '—'],
    ['theme', 'Colours', 'light or dark', "the reader's setting"],
    ['tree', 'The scene panel', 'true, folded or false', 'folded'],
    ['renderer', 'What draws the figure', 'canvas or webgl', 'canvas'],
    ['scene / src', 'A playground scene instead of a demo', 'a share link’s code / a URL', '—'],
    ['width / height', '<ik-demo> only: a fixed size', 'CSS lengths', 'content decides'],
  ]) {
    const tr = el('tr');
    for (const cell of row) tr.append(el('td', '', cell));
    body.append(tr);
  }
  options.append(body);
  section.append(options);
  for (const d of DEMOS) {
    const h = el('h3', '', d.title);
    h.append(' ', el('code', '', d.id));
    const notes: string[] = [];
    const defaults = Object.fromEntries(Object.entries(d.params).map(([k, p]) => [k, p.default]));
    if (d.movesByItself?.(defaults))
      notes.push('Moves by itself: starts paused for readers who ask for reduced motion.');
    const heavy = d.heavy?.(defaults);
    if (heavy) notes.push(`Heavy (${heavy}): starts paused in an embed.`);
    section.append(h, el('p', '', [d.summary, ...notes].join(' ')));
    section.append(paramTable(d.params, `Parameters of ${d.title}`, d.describe()));
  }
  return section;
}
