import { autoDetectRenderer, type Renderer } from 'pixi.js';
import type { RendererKind } from './renderer-kind';

/**
 * Creates the renderer for a demo. We default to PixiJS's Canvas renderer on purpose:
 * demos draw a few dozen vector shapes, where Canvas 2D is fast everywhere (about 1 ms a frame
 * in headless Chromium, where WebGL runs on SwiftShader at 20–40 ms), and a page may host any
 * number of Canvas renderers while browsers keep only ~16 live WebGL contexts.
 * `webgl` stays available (URL `?renderer=webgl`) for comparison and for heavy scenes.
 */

export interface RendererRequest {
  kind: RendererKind;
  width: number;
  height: number;
  background: string;
}

export async function createRenderer(req: RendererRequest): Promise<Renderer> {
  return autoDetectRenderer({
    // webgl falls back to canvas if the browser refuses a context.
    preference: req.kind === 'webgl' ? ['webgl', 'canvas'] : ['canvas'],
    width: req.width,
    height: req.height,
    background: req.background,
    antialias: true,
    resolution: Math.min(2, globalThis.devicePixelRatio || 1),
    autoDensity: true,
    // Without this, reading pixels back from WebGL after a frame was shown returns black.
    webgl: { preserveDrawingBuffer: true },
  });
}
