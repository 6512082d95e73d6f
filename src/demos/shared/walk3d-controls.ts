import { WALKING_PARAMS } from '../catalog/shared-params';
import type { OrbitCamera } from '../../render/raster/orbit-camera';
import type { ControlPanel } from '../contract';
import { TERRAIN_CHOICES, type TerrainChoice } from './terrains-3d';

/** The section cut, this far in front of the walker's middle: just past its nearer foot. */
const SECTION = 1.2;

/** Cuts the ground away in front of the walker (or not), and a toggle for it. */
export function sectionToggle(controls: ControlPanel, camera: OrbitCamera, on: boolean): void {
  camera.section = on ? SECTION : null;
  controls.toggle({
    id: 'section',
    label: WALKING_PARAMS.section.label,
    value: on,
    onChange: (v) => (camera.section = v ? SECTION : null),
  });
}

/** The terrain picker of the walking lessons (11 and 14). */
export function terrainChoice(
  controls: ControlPanel,
  value: TerrainChoice,
  onChange: (t: TerrainChoice) => void,
): void {
  controls.choice({
    id: 'terrain',
    label: 'Terrain',
    options: TERRAIN_CHOICES,
    value,
    onChange: (v) => onChange(v as TerrainChoice),
  });
}

export interface BvhLoad {
  ok: boolean;
  message: string;
}

/**
 * "Your own walk": a .bvh picker (a drop on the figure goes through `drop`) and a button back to
 * the course's humanoid. `load` does the loading and says how it went; the message is shown
 * under the picker, as an error when it failed.
 */
export class BvhControls {
  private readonly file;

  constructor(
    controls: ControlPanel,
    private readonly load: (name: string, text: string) => BvhLoad,
    reset: () => void,
  ) {
    this.file = controls.file({
      id: 'bvh',
      label: 'Your own walk (.bvh, or drop it on the figure)',
      accept: '.bvh',
      onFile: (name, text) => load(name, text),
    });
    controls.button({
      id: 'resetRig',
      label: 'Back to the course’s humanoid',
      onClick: () => {
        reset();
        this.file.show('', false);
      },
    });
  }

  /** A file dropped on the figure. */
  drop(name: string, text: string): void {
    const r = this.load(name, text);
    this.file.show(r.message, !r.ok);
  }
}
