import type { Shading } from '../../render/raster/software-renderer.ts';
import type { Heightfield } from '../../walk3d/terrain3d.ts';
import type { FigureUi } from '../figure-ui.ts';
import { type TerrainChoice, TERRAINS } from '../shared/terrains-3d.ts';
import { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { terrainWalkFigure } from './description.ts';
import { FootWatch } from './feet.ts';

type Ui = FigureUi<typeof terrainWalkFigure>;

/**
 * Lesson 12's scene: the plain walker (no IK) on the terrain chosen, its feet watched, and the
 * renderer's own settings (shading, edges, depth buffer, foot paths) bound to their controls.
 */
export class TerrainWalkScene {
  readonly stage: Walk3DStage;
  readonly feet: FootWatch;
  private readonly fields = new Map<TerrainChoice, Heightfield[]>();

  constructor(
    ui: Ui,
    public terrain: TerrainChoice,
  ) {
    this.stage = new Walk3DStage({
      terrains: [],
      pitch: 0.2,
      viewHeight: 18,
      followFacing: true,
      say: (key, values) => ui.say(key, values),
    });
    this.feet = new FootWatch(ui, this.stage);
    this.setTerrain(terrain);
    this.feet.useFeet();
    this.bindView(ui);
  }

  /** The walker back at the terrain's start, facing +y. */
  home(): void {
    const w = this.stage.walker;
    w.position[0] = TERRAINS[this.terrain].start[0];
    w.position[1] = TERRAINS[this.terrain].start[1];
    w.facing = 0;
    w.settle();
    this.feet.clear();
    this.stage.aim();
  }

  setTerrain(t: TerrainChoice): void {
    this.terrain = t;
    let fields = this.fields.get(t);
    if (!fields) this.fields.set(t, (fields = TERRAINS[t].fields()));
    this.stage.setTerrains(fields, TERRAINS[t].names);
    this.home();
  }

  private bindView(ui: Ui): void {
    const view = this.stage.view;
    const v = ui.values;
    view.renderer.shading = v.shading as Shading;
    view.showDepth = v.depth;
    view.smoothEdges = v.edges;
    const showTrails = (on: boolean) => {
      view.curves.length = 0;
      if (on) view.curves.push(...this.feet.trails);
    };
    showTrails(v.trails);
    ui.on('shading', (s) => (view.renderer.shading = s as Shading));
    ui.on('edges', (on) => (view.smoothEdges = on));
    ui.on('depth', (on) => (view.showDepth = on));
    ui.on('trails', showTrails);
  }
}
