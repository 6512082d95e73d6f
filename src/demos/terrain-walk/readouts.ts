import type { FigureUi } from '../figure-ui.ts';
import { Every, FORMULA_PERIOD } from '../shared/every.ts';
import { deg, num, tex } from '../shared/format.ts';
import { TERRAINS, type TerrainChoice } from '../shared/terrains-3d.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { terrainWalkFigure } from './description.ts';

type Ui = FigureUi<typeof terrainWalkFigure>;

/**
 * Lesson 12's readouts (the ground under the hips and which terrain it is, where the walker is,
 * the triangles drawn, the frame's cost) and its formulas: the height as a sum of bumps, the
 * highest terrain winning, the hips projected onto the canvas, and the light.
 */
export class TerrainReadouts {
  private readonly formulas = new Every(FORMULA_PERIOD);
  private readonly hip = new Float64Array(3);
  private readonly screen = { x: 0, y: 0, visible: false };

  constructor(
    private readonly ui: Ui,
    private readonly stage: Walk3DStage,
  ) {}

  show(dt: number, terrain: TerrainChoice): void {
    const { ui, stage } = this;
    const w = stage.walker;
    const x = w.position[0]!;
    const y = w.position[1]!;
    const which = stage.terrain.highestAt(x, y);
    ui.readout('ground').set(
      which < 0
        ? ui.say('groundOff')
        : ui.say('groundOn', {
            height: num(w.position[2]!, 2),
            terrain: TERRAINS[terrain].names[which]!,
          }),
    );
    ui.readout('position').set(
      ui.say('position', { x: num(x, 1), y: num(y, 1), facing: deg(w.facing, 0) }),
    );
    ui.readout('triangles').set(String(stage.view.renderer.raster.triangles));
    ui.readout('perf').set(stage.perfText());
    if (!this.formulas.tick(dt)) return;
    this.showHeights(x, y, which);
    this.showDrawing();
  }

  private showHeights(x: number, y: number, which: number): void {
    const { ui, stage } = this;
    const h = which < 0 ? `\\text{${ui.say('none')}}` : tex(stage.walker.position[2]!, 2);
    ui.formula('terrain').set(
      `h(x, y) = \\sum_{i=1}^{N} \\frac{s_i}{\\sigma_i\\sqrt{2\\pi}}\\, e^{-\\frac{(x-\\mu_{x,i})^2 + (y-\\mu_{y,i})^2}{2\\sigma_i^2}}, \\quad h(${tex(x, 1)},\\, ${tex(y, 1)}) = ${h}`,
    );
    const per = stage.terrain.fields.map((_, k) => {
      const z = stage.terrain.fieldHeight(k, x, y);
      return Number.isFinite(z) ? tex(z, 2) : '-\\infty';
    });
    ui.formula('max').set(
      `h_W(x, y) = \\max_k \\big( c_k\\, h_k\\big(\\tfrac{x - a_k}{s_k}, \\tfrac{y - b_k}{t_k}\\big) + d_k \\big) = \\max(${per.join(',\\,')})`,
    );
  }

  private showDrawing(): void {
    const { ui, stage, hip, screen } = this;
    const renderer = stage.view.renderer;
    stage.walker.jointPosition(0, hip);
    renderer.project(hip[0]!, hip[1]!, hip[2]!, screen);
    ui.formula('project').set(
      `p_{\\text{clip}} = P\\,V\\,p, \\quad (x_s, y_s) = \\Big(\\tfrac{x_c/w_c + 1}{2} W,\\ \\tfrac{1 - y_c/w_c}{2} H\\Big) = (${tex(screen.x, 0)},\\, ${tex(screen.y, 0)})\\ \\text{${ui.say('forTheHips')}}`,
    );
    const shading = renderer.shading;
    ui.formula('lambert').set(
      shading === 'flat'
        ? `c = c_0 \\quad \\text{(${ui.say('flat')})}`
        : shading === 'lambert'
          ? `c = c_0 \\big(a + (1 - a)\\max(0,\\ \\hat n \\cdot \\hat l)\\big), \\quad a = 0.38\\ \\text{(${ui.say('perFace')})}`
          : `c = c_0 \\big(a + (1 - a)\\max(0,\\ \\hat n_v \\cdot \\hat l)\\big)\\ \\text{${ui.say('perVertex')}} c_p = \\textstyle\\sum_k \\lambda_k c_k`,
    );
  }
}
