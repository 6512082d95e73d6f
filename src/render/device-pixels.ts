/**
 * Device pixels per CSS pixel that our canvases draw at: the screen's, but at least 1 and at
 * most 2 (every pixel costs drawing time on a CPU, and twice is already sharp). The renderer,
 * the crowd's own canvas and the software renderer's surface all use it, so they line up.
 */
export const drawingResolution = (): number =>
  Math.min(2, Math.max(1, globalThis.devicePixelRatio || 1));
