/**
 * `ik-course/pixi`: the course's node tree and IK driving a PixiJS game's own display objects.
 * PixiJS (v8) is a peer dependency of this entry only; every other entry runs without it.
 *
 * @module pixi
 */
export { IKRig, type IKRigOptions } from './ik-rig.ts';
export { IKDebugOverlay, type DebugOptions } from './debug-overlay.ts';
