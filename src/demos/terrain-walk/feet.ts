import { rgba } from '../../render/raster/raster-target.ts';
import { newMark } from '../../render/raster/walk3d-view.ts';
import { calibrateFeet, findFeet, type FootGap, measureFeet } from '../../walk3d/foot-gap.ts';
import { RIG_HEIGHT } from '../../walk3d/rig.ts';
import type { FigureUi } from '../figure-ui.ts';
import { CurveBuffer } from '../shared/curve-buffer.ts';
import { num } from '../shared/format.ts';
import { RecentMax } from '../shared/recent-max.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { terrainWalkFigure } from './description.ts';

type Ui = FigureUi<typeof terrainWalkFigure>;

/** Foot-path points kept per foot, one every 1/60 s of demo time: the last six seconds. */
const TRAIL = 360;
const TRAIL_STEP = 1 / 60;
/** The worst planted gaps are reported over this many seconds. */
const WINDOW_SECONDS = 5;
const TRAIL_COLORS = [rgba(222, 120, 60), rgba(70, 120, 215)];
const SIDES = ['left', 'right'] as const;

/**
 * Lesson 12's measure of plain playback: each foot's gap to the ground under it (its sole: the
 * lowest joint less its standing height), the worst planted gaps of the last 5 s, a mark on the
 * picture at each planted foot in the ground or floating, and each foot's path.
 */
export class FootWatch {
  feet: FootGap[] = [];
  readonly trails = TRAIL_COLORS.map((color) => new CurveBuffer(color, 3, TRAIL));
  private readonly worstSink = new RecentMax(WINDOW_SECONDS);
  private readonly worstFloat = new RecentMax(WINDOW_SECONDS);
  private sinceTrail = Infinity;
  private readonly marks = [0, 1].map((row) => newMark('', row));

  constructor(
    private readonly ui: Ui,
    private readonly stage: Walk3DStage,
  ) {}

  /** The walker's feet found again (a new skeleton), and everything measured of the old ones forgotten. */
  useFeet(): void {
    this.feet = findFeet(this.stage.walker.skeleton);
    calibrateFeet(this.feet, this.stage.walker);
    this.clear();
  }

  clear(): void {
    for (const t of this.trails) t.count = 0;
    this.worstSink.clear();
    this.worstFloat.clear();
  }

  /** A warning for a skeleton with no foot on a side (added to the message of its load). */
  missing(): string {
    const { ui } = this;
    const missing = SIDES.filter((s) => !this.feet.some((f) => f.side === s));
    if (!missing.length) return '';
    const sides = missing.length === 2 ? ui.say('leftOrRight') : ui.say(missing[0]!);
    return ui.say('missingFoot', { sides });
  }

  measure(dt: number): void {
    const { ui, stage } = this;
    const w = stage.walker;
    measureFeet(this.feet, w, stage.terrain, RIG_HEIGHT);
    // Paths get a point every 1/60 s of demo time, so they are as long at 30 or 144 Hz.
    this.sinceTrail += dt;
    const addPoint = this.sinceTrail >= TRAIL_STEP;
    if (addPoint) this.sinceTrail = 0;
    let sink = 0;
    let float = 0;
    this.feet.forEach((foot, k) => {
      if (addPoint) this.addTrailPoint(k, foot);
      const g = foot.gap;
      const out = ui.readout(foot.side === 'left' ? 'left-gap' : 'right-gap');
      const state = ui.say(stateOf(foot));
      const sign = g >= 0 ? '+' : '';
      out.set(Number.isFinite(g) ? ui.say('gap', { gap: `${sign}${num(g, 2)}`, state }) : state);
      if (this.mark(k, foot)) {
        if (g < 0) sink = Math.max(sink, -g);
        else float = Math.max(float, g);
      }
    });
    // A side this skeleton has no foot on says so, rather than keep the last rig's value.
    for (const side of SIDES)
      if (!this.feet.some((f) => f.side === side))
        ui.readout(`${side}-gap`).set(ui.say('noFoot', { side: ui.say(side) }));
    stage.view.marks.length = 0;
    for (const m of this.marks) if (m.text) stage.view.marks.push(m);
    // The last 5 s of walking: paused (play rate 0), nothing ages out of the window.
    const walked = w.playRate > 0 ? dt : 0;
    this.worstSink.add(sink, walked);
    this.worstFloat.add(float, walked);
    this.showWorst();
  }

  private addTrailPoint(k: number, foot: FootGap): void {
    const trail = this.trails[k]!;
    if (trail.count === TRAIL) {
      trail.points.copyWithin(0, 3);
      trail.count--;
    }
    trail.points.set(foot.lowest, 3 * trail.count++);
  }

  /** A planted foot more than 0.05 off the ground: a line from its sole to the ground, labelled. */
  private mark(k: number, foot: FootGap): boolean {
    const mark = this.marks[k]!;
    const g = foot.gap;
    if (!foot.planted || !Number.isFinite(g) || Math.abs(g) <= 0.05) {
      mark.text = '';
      return false;
    }
    mark.from.set(foot.lowest);
    mark.to.set(foot.lowest);
    mark.to[2] = foot.ground;
    mark.color = g < 0 ? '#d03030' : '#2f6fd0';
    const values = { side: this.ui.say(foot.side), gap: num(Math.abs(g), 2) };
    mark.text = this.ui.say(g < 0 ? 'markIn' : 'markFloating', values);
    return true;
  }

  private showWorst(): void {
    const { ui } = this;
    const sink = num(this.worstSink.value, 2);
    const float = num(this.worstFloat.value, 2);
    const has = this.feet.length > 0;
    ui.readout('worst').set(has ? ui.say('worst', { sink, float }) : ui.say('noFeet'));
    // Kept on the picture too, beside the walker.
    this.stage.cornerNote = has ? ui.say('corner', { sink, float }) : '';
  }
}

function stateOf(foot: FootGap) {
  const g = foot.gap;
  if (!Number.isFinite(g)) return 'offTerrain';
  if (!foot.planted) return 'swinging';
  return g < -0.05 ? 'plantedIn' : g > 0.05 ? 'plantedFloating' : 'plantedOn';
}
