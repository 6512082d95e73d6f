export { Viewport, type WorldRect } from './viewport.ts';
export { SceneView } from './scene-view.ts';
export {
  clampHandle,
  HANDLE_MARGIN,
  handleBounds,
  HandleLayer,
  type HandleOptions,
  KEY_STEP_PX,
  KEY_STEP_SHIFT_FACTOR,
} from './handle-layer.ts';
export {
  PixiOverlayPainter,
  type OverlayPainter,
  type LineStyle,
  type Paint,
} from './overlay-painter.ts';
export { createRenderer } from './renderer-choice.ts';
export { RENDERER_KINDS, type RendererKind } from './renderer-kind.ts';
export { readCanvasColors, type CanvasColors } from './theme-colors.ts';
