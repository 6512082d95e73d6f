import type { IKWalker } from '../../walk3d/ik-walker.ts';
import { terrainPlace } from '../../walk3d/stay-on-terrain.ts';
import type { FigureUi } from '../figure-ui.ts';
import { deg, num, tex } from '../shared/format.ts';
import { TERRAINS, type TerrainChoice } from '../shared/terrains-3d.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { Company } from './company.ts';
import type { ikWalkFigure } from './description.ts';

type Ui = FigureUi<typeof ikWalkFigure>;

/** What the walker is doing about the terrain's edge, for the ground readout. */
export interface Steering {
  /** The student steers (← → held). */
  steered: boolean;
  /** "Stay on the terrain" is ticked. */
  stay: boolean;
}

/**
 * Where the main walker is and what it stands on, its steps frozen and reshaped, the drawing's
 * cost and a crowd's frame split, and the hips' height as a formula.
 */
export function showWalker(
  ui: Ui,
  stage: Walk3DStage<IKWalker>,
  terrain: TerrainChoice,
  steering: Steering,
  company: Company,
): void {
  const w = stage.walker;
  ui.readout('state').set(ui.say('pair', { left: w.frozenSteps, right: w.correctedSteps }));
  ui.readout('position').set(
    ui.say('position', {
      x: num(w.position[0]!, 1),
      y: num(w.position[1]!, 1),
      facing: deg(w.facing, 0),
    }),
  );
  ui.readout('ground').set(groundText(ui, stage, terrain, steering));
  ui.readout('perf').set(stage.perfText());
  showCrowd(ui, stage, company);
  const t = (key: 'texHip' | 'texTarget' | 'texOrig') => `\\text{${ui.say(key)}}`;
  ui.formula('hip').set(
    `z_{${t('texHip')}}(t) = \\min_{k} \\big( z_{k}^{${t('texTarget')}}(t) + (z_{${t('texHip')}} - z_{k})^{${t('texOrig')}} \\big) = ${tex(w.position[2]!, 2)}`,
  );
}

/** "on Hills (250 bumps), 34 units inside its edge", or off every terrain and what now. */
function groundText(
  ui: Ui,
  stage: Walk3DStage<IKWalker>,
  terrain: TerrainChoice,
  steering: Steering,
): string {
  const w = stage.walker;
  const place = terrainPlace(stage.terrain, w.position[0]!, w.position[1]!);
  if (!place) return ui.say('noTerrain');
  const turning = w.turn !== 0 && !steering.steered;
  if (place.on < 0) {
    const then = turning ? ui.say('turningHome') : steering.stay ? '' : ui.say('tickStay');
    return ui.say('offTerrain', { then });
  }
  const name = TERRAINS[terrain].names[place.on] ?? ui.say('terrainN', { n: place.on + 1 });
  const then = turning ? ui.say('turningHome') : '';
  return ui.say('onTerrain', { name, inside: num(place.inside, 0), then });
}

/** A crowd's frame: the walkers' update (and of it the descents), then the renderer's parts. */
function showCrowd(ui: Ui, stage: Walk3DStage<IKWalker>, company: Company): void {
  if (!company.crowd.length) return ui.readout('crowd').set(ui.say('noCrowd'));
  const t = stage.view.times;
  const ms = (v: number) => num(v, 2);
  ui.readout('crowd').set(
    ui.say('crowd', {
      n: company.crowd.length + 1,
      update: ms(company.updateMs),
      ik: ms(company.ikMs),
      transform: ms(t.transform),
      raster: ms(t.raster),
      edges: ms(t.edges),
      upload: ms(t.upload),
      total: ms(company.updateMs + t.transform + t.raster + t.edges + t.upload),
    }),
  );
}
