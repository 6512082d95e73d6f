import type { InputSink, On, PointAt } from './figure-input.ts';
import { el } from './dom.ts';
import { isFullscreen } from './fullscreen.ts';

/**
 * As embedded maps do: the wheel zooms with Ctrl (⌘) held, or once the reader has clicked into
 * the figure (or Tabbed to it); otherwise it scrolls the page, with a hint, so a reader
 * scrolling a lesson or an instructor's page is never caught by a figure. An editor that fills
 * its page (`always`) zooms at once, with no hint.
 */
export function wireWheel(
  box: HTMLElement,
  wheel: {
    onWheel: NonNullable<InputSink['onWheel']>;
    pointAt: PointAt;
    always: boolean;
  },
  on: On,
  added: HTMLElement[],
): void {
  const hint = wheel.always ? null : wheelHint(box, added);
  let hideHint = 0;
  on(
    'wheel',
    (e) => {
      const engaged =
        wheel.always ||
        e.ctrlKey ||
        e.metaKey ||
        box.contains(document.activeElement) ||
        isFullscreen(box);
      if (!engaged && hint) {
        hint.hidden = false;
        clearTimeout(hideHint);
        hideHint = window.setTimeout(() => (hint.hidden = true), 1500);
        return;
      }
      // A wheel gesture that began by scrolling the page stays the page's (the browser makes
      // its later events uncancelable): zooming as well would do both at once.
      if (!e.cancelable) return;
      e.preventDefault(); // zoom the figure, not the page
      if (hint) hint.hidden = true;
      wheel.onWheel(e.deltaY, wheel.pointAt({ x: e.clientX, y: e.clientY }));
    },
    false,
  );
  // A click makes the figure the wheel's (the canvas box is focusable for its keys).
  if (box.tabIndex < 0) box.tabIndex = 0;
}

function wheelHint(box: HTMLElement, added: HTMLElement[]): HTMLElement {
  const hint = el('p', 'demo-wheel-hint', 'Ctrl + wheel to zoom, or click the figure first');
  hint.hidden = true;
  hint.setAttribute('aria-hidden', 'true');
  box.append(hint);
  added.push(hint);
  return hint;
}

/** A file dropped on the figure (a BVH clip) goes to the demo as text, or unread if large. */
export function wireDrop(
  box: HTMLElement,
  drop: NonNullable<InputSink['onDropFile']>,
  on: On,
  large?: InputSink['onDropLarge'],
): void {
  on('dragover', (e) => {
    e.preventDefault();
    box.classList.add('is-dropping');
  });
  on('dragleave', () => box.classList.remove('is-dropping'));
  on('drop', (e) => {
    e.preventDefault();
    box.classList.remove('is-dropping');
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    if (large && file.size >= large.size) large.take(file.name, file);
    else void file.text().then((text) => drop(file.name, text));
  });
}
