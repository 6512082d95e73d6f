/** Colours the canvas draws with, read from CSS custom properties so light/dark themes apply. */
export interface CanvasColors {
  background: string;
  bone: string;
  boneOutline: string;
  joint: string;
  highlight: string;
  target: string;
  pole: string;
  marker: string;
  focus: string;
  grid: string;
  axis: string;
  text: string;
  accent: string;
  muted: string;
  /** Terrain: its fill and its surface line. */
  ground: string;
  groundEdge: string;
  /** One colour per solver in comparisons (the same as the plots' --plot-1…4). */
  series1: string;
  series2: string;
  series3: string;
  series4: string;
}

const FALLBACK: CanvasColors = {
  background: '#f7f7f4',
  bone: '#d9c9a8',
  boneOutline: '#4d4231',
  joint: '#4d4231',
  highlight: '#ff8a00',
  target: '#d7263d',
  pole: '#1b6ee0',
  marker: '#6b6b6b',
  focus: '#7b2ff7',
  grid: '#e4e4de',
  axis: '#c9c9c0',
  text: '#222222',
  accent: '#0a8f5a',
  muted: '#8a8a80',
  ground: '#d8d2bf',
  groundEdge: '#6f6650',
  series1: '#c2410c',
  series2: '#0a7a4f',
  series3: '#6d28d9',
  series4: '#0b63c9',
};

/** Reads `--canvas-<name>` from the element's computed style, with fallbacks for Node/tests. */
export function readCanvasColors(element: Element | null): CanvasColors {
  if (!element || typeof getComputedStyle !== 'function') return { ...FALLBACK };
  const style = getComputedStyle(element);
  const out = { ...FALLBACK };
  for (const key of Object.keys(FALLBACK) as (keyof CanvasColors)[]) {
    const v = style.getPropertyValue(`--canvas-${key}`).trim();
    if (v) out[key] = v;
  }
  return out;
}
