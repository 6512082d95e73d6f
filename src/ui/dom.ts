/** Small DOM helpers: create an element with a class and text in one call. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text = '',
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

let idCounter = 0;
/** A page-unique id for label/input pairs. */
export const uniqueId = (prefix: string): string => `${prefix}-${++idCounter}`;

/** A message box announced to screen readers: how every page says what input was wrong. */
export function errorBox(message = ''): HTMLDivElement {
  const box = el('div', 'demo-error', message);
  box.setAttribute('role', 'alert');
  return box;
}
