/**
 * The one door to PixiJS: every module of ours imports Pixi from here, never from 'pixi.js'.
 *
 * 'pixi.js' re-exports the whole library, WebGL and WebGPU renderers included, and the bundler
 * puts everything that index reaches into the chunk of whoever imports it: about 190 KB gzip on
 * a page that draws a few dozen vector shapes with the Canvas renderer. Importing the modules
 * themselves (through the `pixi-lib` alias onto pixi.js/lib, see pixi-resolve.ts) keeps it to
 * what a demo draws with; the WebGL renderer loads only when `?renderer=webgl` asks for it.
 */
// Registrations the index would have made, of what demos use: texture sources for canvases
// (Text draws into one) and images, not video or raw buffers; no masks (nothing is masked)...
import 'pixi-lib/rendering/renderers/shared/texture/utils/textureFrom';
import 'pixi-lib/rendering/mask/MaskEffectManager';
import { extensions } from 'pixi-lib/extensions/Extensions';
import { CanvasSource } from 'pixi-lib/rendering/renderers/shared/texture/sources/CanvasSource';
import { ImageSource } from 'pixi-lib/rendering/renderers/shared/texture/sources/ImageSource';
// ...then the pipes that draw Graphics and Text. Pointer events come later, with the canvas
// toolbar that uses them (./pixi-events).
import 'pixi-lib/scene/graphics/init';
import 'pixi-lib/scene/text/init';

extensions.add(CanvasSource, ImageSource);

export { Container } from 'pixi-lib/scene/container/Container';
export { Sprite } from 'pixi-lib/scene/sprite/Sprite';
export { Texture } from 'pixi-lib/rendering/renderers/shared/texture/Texture';
export { CanvasSource };
export { Graphics } from 'pixi-lib/scene/graphics/shared/Graphics';
export { Text } from 'pixi-lib/scene/text/Text';
export { Color } from 'pixi-lib/color/Color';
export type { Renderer } from 'pixi.js';
