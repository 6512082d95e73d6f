import { bothGroupsLifted } from '../../procedural/spider/leg-state.ts';
import type { FigureUi } from '../figure-ui.ts';
import { deg, num, tex } from '../shared/format.ts';
import type { SpiderScene } from '../shared/spider-scene.ts';
import type { spiderLegsFigure } from './description.ts';

type Ui = FigureUi<typeof spiderLegsFigure>;

/** The readouts under the spider: its legs, its body, and how well both spiders' feet touch. */
export class SpiderReadouts {
  /** Frames in which some leg of each group was in the air (the gait exists to prevent it). */
  private bothLifted = 0;

  constructor(private readonly ui: Ui) {}

  show(scene: SpiderScene): void {
    const { ui } = this;
    const spider = scene.spider;
    if (bothGroupsLifted(spider.legs)) this.bothLifted++;
    const up = spider.legs.filter((l) => !l.grounded);
    const counts = { n: up.length, total: spider.legs.length };
    ui.readout('in-air').set(
      up.length
        ? ui.say('inAirNames', { ...counts, names: up.map((l) => l.plan.name).join(', ') })
        : ui.say('inAir', counts),
    );
    ui.readout('both-lifted').set(String(this.bothLifted));
    const w = spider.walker;
    ui.readout('support').set(
      ui.say('support', {
        percent: num(w.support * 100, 0),
        height: num(w.heightAboveGround, 1),
      }),
    );
    ui.readout('body').set(
      ui.say('body', { x: num(spider.position.x), tilt: deg(spider.rotation) }),
    );
    const units = (v: number, d: number) => ui.say('units', { value: num(v, d) });
    const speed = (v: number) => ui.say('speed', { value: num(v, 1) });
    ui.readout('ik-gap').set(units(scene.ikMeter.gap, 2));
    ui.readout('ik-slide').set(speed(scene.ikMeter.slide));
    ui.readout('baked-gap').set(scene.baked ? units(scene.bakedMeter.gap, 2) : ui.say('hidden'));
    ui.readout('baked-slide').set(scene.baked ? speed(scene.bakedMeter.slide) : ui.say('hidden'));
  }
}

/**
 * Seed 002's stepping rule for leg L1, with its numbers: planted, its distance to the hit
 * against the threshold; in the air, where it is on its arc (pressed down while it carries
 * weight the planted feet do not hold).
 */
export function stepRule(ui: Ui, scene: SpiderScene): string {
  const spider = scene.spider;
  const l1 = spider.legs[0]!;
  const g = spider.gait;
  const leg = l1.plan.name;
  if (l1.grounded) {
    const d = Math.hypot(l1.footX - l1.hitX, l1.footY - l1.hitY);
    const far = d > g.stepThreshold;
    const then = far ? ui.say(g.gait ? 'stepWhenFree' : 'step') : ui.say('stay');
    return `\\lvert f_{${leg}} - h_{${leg}} \\rvert = ${tex(d)} ${far ? '>' : '\\le'} d_{\\text{step}} = ${tex(g.stepThreshold)} \\Rightarrow \\text{${then}}`;
  }
  const arc = g.stepHeight * Math.sin(Math.PI * l1.t);
  const held = spider.walker.support;
  if (held >= 1)
    return `\\text{${ui.say('inTheAir', { leg })}} t = ${tex(l1.t, 2)},\\; \\text{lift} = ${tex(g.stepHeight)} \\sin(\\pi t) = ${tex(arc)}`;
  const carried = ui.say('dragging', { leg, percent: num((1 - held) * 100, 0) });
  return `\\text{${carried}} t = ${tex(l1.t, 2)},\\; \\text{lift} = ${tex(held, 2)} \\cdot ${tex(g.stepHeight)} \\sin(\\pi t) = ${tex(held * arc)}`;
}
