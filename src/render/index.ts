export { Viewport, type WorldRect } from './viewport';
export { SceneView } from './scene-view';
export {
  clampHandle,
  HANDLE_MARGIN,
  handleBounds,
  HandleLayer,
  type HandleOptions,
  KEY_STEP_PX,
  KEY_STEP_SHIFT_FACTOR,
} from './handle-layer';
export {
  PixiOverlayPainter,
  type OverlayPainter,
  type LineStyle,
  type Paint,
} from './overlay-painter';
export { createRenderer } from './renderer-choice';
export { RENDERER_KINDS, type RendererKind } from './renderer-kind';
export { readCanvasColors, type CanvasColors } from './theme-colors';
