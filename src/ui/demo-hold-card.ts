import type { Hold } from './demo-hold.ts';
import { el } from './dom.ts';

/* Loaded only for a figure that waits for its Start (reduced motion, a heavy demo). */

/** The card over a waiting figure: why it waits, and a Start button (focus it: Enter, Space). */
export function holdCard(hold: Hold, onStart: () => void): HTMLElement {
  const card = el('div', 'demo-hold');
  card.dataset.hold = hold.kind;
  const text = el('p', 'demo-hold__text', hold.message);
  const start = el('button', 'demo-hold__start', '▶ Start');
  start.type = 'button';
  start.addEventListener('click', onStart);
  card.append(text, start);
  return card;
}
