import type { IKWalker } from '../../walk3d/ik-walker.ts';
import { turnHome } from '../../walk3d/stay-on-terrain.ts';
import type { SupportRule } from '../../walk3d/support-factor.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { ParamValues } from '../params.ts';
import { IKCostMeter } from '../shared/ik-cost-meter.ts';
import { ikWalkerKind } from '../shared/ik-walker-kind.ts';
import type { CharacterKind } from '../shared/stage-character.ts';
import { type TerrainChoice, TERRAINS } from '../shared/terrains-3d.ts';
import { Walk3DStage } from '../shared/walk3d-stage.ts';
import { Company } from './company.ts';
import { PlanCurves } from './curves.ts';
import { Descents } from './descents.ts';
import type { ikWalkFigure } from './description.ts';
import { FootGaps } from './feet.ts';
import type { ikWalkMeta } from './meta.ts';

type Ui = FigureUi<typeof ikWalkFigure>;

/**
 * Lesson 15's scene: the IK walker on its terrains (reading its walk's support frames by the
 * rule chosen), the strider or the crowd beside it, its plan drawn, and what is measured of it:
 * its feet, its descents, and the cost of IK.
 */
export class IKWalkScene {
  /** How the walk's support frames are read: each foot's own test unless the student picks the seed's rule. */
  support: SupportRule;
  terrain: TerrainChoice;
  readonly kind: CharacterKind<IKWalker>;
  readonly stage: Walk3DStage<IKWalker>;
  readonly company: Company;
  readonly curves: PlanCurves;
  /** The walking system's cost with IK on and off, measured side by side on request. */
  readonly cost: IKCostMeter;
  readonly feet: FootGaps;
  readonly descents: Descents;

  constructor(ui: Ui, s: ParamValues<typeof ikWalkMeta.params>) {
    this.support = s.support as SupportRule;
    this.terrain = s.terrain as TerrainChoice;
    this.kind = ikWalkerKind(
      () => this.support,
      (why) => ui.say('needsLegs', { why }),
    );
    this.stage = new Walk3DStage<IKWalker>({
      terrains: [],
      pitch: 0.2,
      viewHeight: 18,
      followFacing: true,
      kind: this.kind,
      say: (key, values) => ui.say(key, values),
    });
    this.company = new Company(this.stage, this.kind);
    this.curves = new PlanCurves({ targets: s.targets, real: s.real, hip: s.hip });
    this.cost = new IKCostMeter((key, values) => ui.say(key, values));
    this.feet = new FootGaps(ui, this.stage);
    this.descents = new Descents(ui);
    for (const o of ['ik', 'correctStrides', 'validateStrides', 'fastSolver', 'alignFeet'] as const)
      this.stage.walker.options[o] = s[o];
    this.setTerrain(this.terrain);
    this.company.setSecond(s.second);
    this.company.setCrowd(s.crowd);
  }

  /** The walkers back at the terrain's start, facing +y. */
  home(): void {
    const [x, y] = TERRAINS[this.terrain].start;
    this.stage.walker.placeAt(x, y, 0);
    this.company.home(x, y);
    this.feet.clear();
    this.stage.aim();
  }

  setTerrain(t: TerrainChoice): void {
    this.terrain = t;
    // A measurement running on the old ground would report it as this one's.
    this.cost.clear();
    this.stage.setTerrains(TERRAINS[t].fields(), TERRAINS[t].names);
    this.home();
  }

  /**
   * A new character (a clip loaded, the humanoid back, a support rule) replaced the drawn
   * ones: bring back the strider or the crowd, and forget what was measured of the old one.
   */
  characterReplaced(): void {
    this.company.setSecond(this.company.second !== null);
    this.company.setCrowd(this.company.crowd.length > 0);
    this.feet.clear();
    this.cost.clear();
    this.descents.clear();
  }

  /**
   * One frame: every walker turns as steered (`turn`: +1 left), or, near its terrain's edge and
   * with `stay`, home; all walk on; a cost measurement takes a few more ticks. Says whether the
   * cost meter moved on.
   */
  tick(dt: number, turn: number, stay: boolean): boolean {
    const { stage, company, cost } = this;
    company.each((w) => {
      const x = w.position[0]!;
      const y = w.position[1]!;
      const back = stay && w.walking ? turnHome(stage.terrain, x, y, w.facing) : 0;
      w.turn = turn || back;
    });
    company.follow();
    const t0 = performance.now();
    stage.update(dt);
    company.second?.update(dt);
    // A cost measurement in progress takes a few more ticks of its two copies.
    const measuring = cost.busy;
    if (measuring) cost.step();
    company.updateCrowd(dt, t0);
    this.curves.refresh(stage);
    this.descents.record(stage.walker);
    this.feet.measure(dt);
    return measuring;
  }
}
