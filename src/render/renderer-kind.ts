/**
 * Which PixiJS renderer draws a demo. Kept apart from the PixiJS code so URL parsing can name
 * the choices without loading PixiJS (and so it runs in Node tests).
 */
export type RendererKind = 'canvas' | 'webgl';
export const RENDERER_KINDS: readonly RendererKind[] = ['canvas', 'webgl'];
