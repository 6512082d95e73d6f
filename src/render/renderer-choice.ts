import { DOMAdapter } from 'pixi-lib/environment/adapter';
import { getMaxFragmentPrecision } from 'pixi-lib/rendering/renderers/gl/shader/program/getMaxFragmentPrecision';
import { isWebGLSupported } from 'pixi-lib/utils/browser/isWebGLSupported';
import { drawingResolution } from './device-pixels.ts';
import type { Renderer } from './pixi.ts';
import type { RendererKind } from './renderer-kind.ts';

/**
 * Creates the renderer for a demo. We default to PixiJS's Canvas renderer on purpose:
 * demos draw a few dozen vector shapes, where Canvas 2D is fast everywhere (about 1 ms a frame
 * in headless Chromium, where WebGL runs on SwiftShader at 20–40 ms), and a page may host any
 * number of Canvas renderers while browsers keep only ~16 live WebGL contexts.
 * `webgl` stays available (URL `?renderer=webgl`) for comparison and for heavy scenes; its code
 * is fetched only then.
 */

export interface RendererRequest {
  kind: RendererKind;
  width: number;
  height: number;
  background: string;
}

export async function createRenderer(req: RendererRequest): Promise<Renderer> {
  const options = {
    width: req.width,
    height: req.height,
    background: req.background,
    antialias: true,
    resolution: drawingResolution(),
    autoDensity: true,
    // Pixi would fetch its accessibility, DOM and filter modules too: demos use none of them
    // (handles are our own DOM elements); the events it needs are registered in ./pixi.
    manageImports: false,
  };
  // webgl falls back to canvas if the browser refuses a context.
  if (req.kind === 'webgl' && isWebGLSupported()) {
    webglWanted = true;
    const { WebGLRenderer } = await import('pixi-lib/rendering/renderers/gl/WebGLRenderer');
    const renderer = new WebGLRenderer();
    // Without preserveDrawingBuffer, reading pixels back after a frame was shown returns black.
    await renderer.init({ ...options, preserveDrawingBuffer: true });
    return renderer as Renderer;
  }
  if (!webglWanted) answerShaderPrecisionWithoutWebGL();
  const { CanvasRenderer } = await import('pixi-lib/rendering/renderers/canvas/CanvasRenderer');
  const renderer = new CanvasRenderer();
  await renderer.init(options);
  return renderer as unknown as Renderer;
}

let webglWanted = false;
let precisionAnswered = false;

/**
 * Pixi 8.22 builds its batcher's shader even under the Canvas renderer, and asks a throwaway
 * WebGL context for the fragment precision it may use: one WebGL context on a page with no WebGL
 * in it, which counts against the browser's ~16 per page (an instructor's own WebGL content
 * loses when many embeds share a page). Pixi caches the first answer, so we give it first with
 * a canvas that has no WebGL: "mediump", never used, since the Canvas renderer runs no shader.
 * A WebGL renderer created later on the same page would be held to mediump; a WebGL page
 * (`?renderer=webgl`) asks first, so it gets the real answer.
 */
function answerShaderPrecisionWithoutWebGL(): void {
  if (precisionAnswered) return;
  precisionAnswered = true;
  const adapter = DOMAdapter.get();
  DOMAdapter.set({
    ...adapter,
    createCanvas: () => ({ getContext: () => null }) as unknown as HTMLCanvasElement,
  });
  try {
    getMaxFragmentPrecision();
  } finally {
    DOMAdapter.set(adapter);
  }
}
