/**
 * What @pixi/ui imports from 'pixi.js', from Pixi's modules themselves (the build points
 * @pixi/ui's 'pixi.js' here: pixi-resolve.ts). A name @pixi/ui needs and this file lacks fails
 * the build, not a page.
 */
import './pixi.ts';

export { Color, Container, Graphics, Text } from './pixi.ts';
export { DEG_TO_RAD } from 'pixi-lib/maths/misc/const';
export { NineSliceSprite } from 'pixi-lib/scene/sprite-nine-slice/NineSliceSprite';
export { ObservablePoint } from 'pixi-lib/maths/point/ObservablePoint';
export { Point } from 'pixi-lib/maths/point/Point';
export { Rectangle } from 'pixi-lib/maths/shapes/Rectangle';
export { Sprite } from 'pixi-lib/scene/sprite/Sprite';
export { Texture } from 'pixi-lib/rendering/renderers/shared/texture/Texture';
export { Ticker } from 'pixi-lib/ticker/Ticker';
export { isMobile } from 'pixi-lib/utils/browser/isMobile';
