import { quote } from '../demos/params.ts';
import { demoIds, findDemo } from '../demos/registry.ts';
import { DemoFrame, type DemoFrameOptions } from './demo-frame.ts';
import { el, errorBox } from './dom.ts';

const live = new Set<DemoFrame>();

/**
 * Puts demo `id` with raw (unvalidated) parameters into `slot`. An unknown id, or problems found
 * before the parameters (a malformed lesson block), show as a message in the slot; the rest of
 * the page is untouched.
 */
export function mountDemo(
  slot: HTMLElement,
  id: string,
  rawParams: Record<string, unknown>,
  options: DemoFrameOptions = {},
  problems: readonly string[] = [],
): DemoFrame | null {
  slot.replaceChildren();
  const def = findDemo(id);
  if (!def) {
    slot.append(errorBox(`There is no demo called ${quote(id)}. Demos: ${demoIds().join(', ')}.`));
    return null;
  }
  const frame = new DemoFrame(def, rawParams, options);
  if (problems.length) {
    const box = errorBox();
    for (const p of problems) box.append(el('p', '', p));
    frame.element.prepend(box);
  }
  slot.append(frame.element);
  live.add(frame);
  return frame;
}

/** Mounts every `.demo-slot` (as the lesson Markdown renders them) inside `root`. */
export function mountDemoSlots(root: ParentNode, options: DemoFrameOptions = {}): DemoFrame[] {
  const frames: DemoFrame[] = [];
  for (const slot of root.querySelectorAll<HTMLElement>('.demo-slot')) {
    const params = safeJson(slot.dataset.params, {}) as Record<string, unknown>;
    const problems = safeJson(slot.dataset.problems, []) as string[];
    const frame = mountDemo(slot, slot.dataset.demo ?? '', params, options, problems);
    if (frame) frames.push(frame);
  }
  return frames;
}

export function destroyFrames(frames: Iterable<DemoFrame>): void {
  for (const f of frames) {
    f.destroy();
    live.delete(f);
  }
}

/** Re-reads theme colours in every live demo. */
function refreshAllThemes(): void {
  for (const f of live) f.refreshTheme();
}

// The theme is <html data-theme>: any page that mounts demos follows its changes.
if (typeof MutationObserver !== 'undefined' && typeof document !== 'undefined')
  new MutationObserver(refreshAllThemes).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });

function safeJson(text: string | undefined, fallback: unknown): unknown {
  try {
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}
