import type { Vec2 } from '../../math/vec2.ts';
import type { Node } from '../../scene/node.ts';
import type { OrbitCamera, Projection } from '../../render/raster/orbit-camera.ts';
import type { Character } from '../../walk3d/character.ts';
import type { ActionSpec, WidgetSpec } from '../description.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { ParamSchema } from '../params.ts';
import type { PLAYBACK_PARAMS, WALKING_PARAMS } from './shared-params.ts';
import type { TerrainChoice } from './terrains-3d.ts';
import type { CAMERA_ACTIONS, ZOOM_ACTIONS } from './walk3d-fragments.ts';
import type { Walk3DStage } from './walk3d-stage.ts';

type None<T> = Readonly<Record<never, T>>;

/**
 * A figure's kit as a shared binding sees it: only the settings, actions, widgets and strings
 * of the fragment it binds. Any figure whose description spreads that fragment passes its own
 * `ui` (TypeScript refuses one that lacks a part).
 */
export type FragmentUi<
  P extends ParamSchema,
  A extends Readonly<Record<string, ActionSpec>> = None<ActionSpec>,
  W extends Readonly<Record<string, WidgetSpec>> = None<WidgetSpec>,
  S extends Readonly<Record<string, string>> = None<string>,
> = FigureUi<{
  id: string;
  title: string;
  summary: string;
  params: P;
  actions?: A;
  widgets?: W;
  strings?: S;
}>;

/** The zoom buttons (ZOOM_ACTIONS). */
export function bindZoom(ui: FragmentUi<None<never>, typeof ZOOM_ACTIONS>, camera: OrbitCamera) {
  ui.action('zoomIn', () => camera.zoom(0.8));
  ui.action('zoomOut', () => camera.zoom(1.25));
}

/** The camera's buttons (CAMERA_ACTIONS): the side view and zoom. */
export function bindCamera<C extends Character>(
  ui: FragmentUi<None<never>, typeof CAMERA_ACTIONS>,
  stage: Walk3DStage<C>,
): void {
  ui.action('side', () => stage.orbit.sideView());
  bindZoom(ui, stage.view.camera);
}

/**
 * PLAYBACK_PARAMS and CAMERA_ACTIONS: walking (or idle), the play rate, the projection, the side
 * view and zoom. The settings apply to the walker the stage has now; a character loaded later
 * takes them over from it. Returns the keys ↑ (walk) and ↓ (idle), which move the toggle too.
 */
export function bindPlayback<C extends Character>(
  ui: FragmentUi<typeof PLAYBACK_PARAMS, typeof CAMERA_ACTIONS>,
  stage: Walk3DStage<C>,
): { walkKey(key: string, down: boolean): boolean } {
  const w = stage.walker;
  const v = ui.values;
  w.walking = v.walking;
  w.weight = v.walking ? 1 : 0;
  w.playRate = v.playRate;
  stage.view.camera.projection = v.projection as Projection;
  ui.on('walking', (on) => (stage.walker.walking = on));
  ui.on('playRate', (r) => (stage.walker.playRate = r));
  ui.on('projection', (p) => (stage.view.camera.projection = p as Projection));
  bindCamera(ui, stage);
  return {
    // ↑ walks and ↓ stops (seed 000's keys), the toggle following.
    walkKey(key, down) {
      if (key !== 'ArrowUp' && key !== 'ArrowDown') return false;
      if (down) {
        stage.walker.walking = key === 'ArrowUp';
        ui.set('walking', stage.walker.walking);
      }
      return true;
    },
  };
}

/** The section cut, this far in front of the walker's middle: just past its nearer foot. */
const SECTION = 1.2;

/**
 * WALKING_PARAMS: the terrain (`setTerrain` puts it under the walker), the cut in front of the
 * walker, and what the camera aims at (the whole figure, or the feet).
 */
export function bindWalking<C extends Character>(
  ui: FragmentUi<typeof WALKING_PARAMS>,
  stage: Walk3DStage<C>,
  setTerrain: (t: TerrainChoice) => void,
): void {
  const camera = stage.view.camera;
  camera.section = ui.values.section ? SECTION : null;
  stage.aimAt = ui.values.aim === 'feet' ? 'feet' : 'hips';
  ui.on('terrain', (t) => setTerrain(t as TerrainChoice));
  ui.on('section', (on) => (camera.section = on ? SECTION : null));
  ui.on('aim', (a) => {
    stage.aimAt = a === 'feet' ? 'feet' : 'hips';
    stage.aim();
  });
}

/**
 * What every 3D figure's instance takes from its stage: the scene tree, the picture it draws
 * itself, its joints' node types, and the camera's pointer, wheel and pinch inputs.
 */
export function stageParts<C extends Character>(stage: Walk3DStage<C>) {
  return {
    root: stage.root,
    surface: stage,
    nodeTypes: stage.nodeTypes,
    onPointer: (kind: 'down' | 'move' | 'up', p: Vec2) => stage.orbit.pointer(kind, p),
    onWheel: (dy: number) => stage.orbit.wheel(dy),
    onPinch: (f: number) => stage.orbit.pinch(f),
    highlight: (node: Node | null) => stage.highlight(node),
  };
}
