/**
 * Light and dark themes: the student's choice is remembered; otherwise the system's is used.
 * The theme is an attribute on <html>; canvases watch it and re-read their colours.
 */
const KEY = 'ik-course:theme';
export type Theme = 'light' | 'dark';

export function initialTheme(): Theme {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    /* storage unavailable: fall through to the system preference */
  }
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, remember = true): void {
  document.documentElement.dataset.theme = theme;
  if (remember)
    try {
      localStorage.setItem(KEY, theme);
    } catch {
      /* not remembered, still applied */
    }
}

/** A button that switches theme; its label says what it will switch to. */
export function themeToggle(): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'theme-toggle';
  const label = () => {
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    b.textContent = next === 'dark' ? '☾ Dark' : '☀ Light';
    b.setAttribute('aria-label', `Switch to the ${next} theme`);
  };
  b.addEventListener('click', () => {
    applyTheme(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark');
    label();
  });
  label();
  return b;
}
