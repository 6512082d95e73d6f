import { RecentMedian } from '../../math/recent-median.ts';
import type { IKWalker } from '../../walk3d/ik-walker.ts';
import type { CharacterKind } from '../shared/stage-character.ts';
import { striderRig, type Walk3DStage } from '../shared/walk3d-stage.ts';

/** A crowd is the main walker and 19 more, both characters in turn, two abreast in ten rows. */
const CROWD = 20;
const CROWD_COLUMNS = 2;
const CROWD_SPACING = 4;

/** How fast a walker's clip carries it, in world units per second of clip time. */
const speedOf = (w: IKWalker): number => {
  const an = w.walk.analysis;
  return Math.max(1e-6, Math.hypot(an.cycle[0]!, an.cycle[1]!) / an.duration);
};

/** Where crowd walker k stands from the main one (k = 0 is the main one). */
const crowdOffset = (k: number): [number, number] => {
  const col = (k % CROWD_COLUMNS) - (CROWD_COLUMNS - 1) / 2;
  const row = Math.floor(k / CROWD_COLUMNS);
  return [col * CROWD_SPACING, -row * CROWD_SPACING];
};

/**
 * The walkers beside the main one: a second, long-legged character (the strider), or a crowd
 * of 19 more, every other one the strider; never both. They walk, stop and turn with the main
 * walker, each planning its own feet, at play rates that keep its pace. A crowd's frame is timed:
 * the medians of the last second of the walkers' update, and of it the descents.
 */
export class Company {
  second: IKWalker | null = null;
  crowd: IKWalker[] = [];
  /** The medians as last added (read by the readout each frame). */
  updateMs = 0;
  ikMs = 0;
  // Medians of the last second of frames (a running mean starts from the crowd's cold first
  // frames and carries them for seconds).
  private updateTimes = new RecentMedian(60);
  private ikTimes = new RecentMedian(60);
  private ikSum = 0;

  constructor(
    private readonly stage: Walk3DStage<IKWalker>,
    private readonly kind: CharacterKind<IKWalker>,
  ) {}

  /** The strider on (beside the walker, 6 units left and 4 behind) or off. */
  setSecond(on: boolean): void {
    const view = this.stage.view;
    if (this.second) {
      view.walkers.splice(1);
      this.second = null;
    }
    if (!on) return;
    const w = this.stage.walker;
    // The long-legged strider: its own clips, rig height and weight a (the seed's demos had
    // two models walking side by side).
    const second = this.kind.make(striderRig(), this.stage.terrain);
    this.kind.carry(w, second);
    second.placeAt(w.position[0]! - 6, w.position[1]! - 4, w.facing);
    view.addWalker(second);
    this.second = second;
  }

  /** The crowd on (it takes the strider's place) or off. */
  setCrowd(on: boolean): void {
    const { stage, kind } = this;
    stage.view.walkers.splice(1 + (this.second ? 1 : 0));
    this.crowd = [];
    this.updateTimes = new RecentMedian(60);
    this.ikTimes = new RecentMedian(60);
    this.updateMs = this.ikMs = 0;
    if (!on) return;
    this.setSecond(false);
    const w = stage.walker;
    for (let k = 1; k < CROWD; k++) {
      const c = kind.make(k % 2 ? striderRig() : stage.rig, stage.terrain);
      kind.carry(w, c);
      this.crowd.push(c);
      stage.view.addWalker(c);
    }
    this.place();
  }

  /** The company where it stands round the main walker (after it was put back at a start). */
  home(x: number, y: number): void {
    this.second?.placeAt(x - 6, y - 4, 0);
    this.place();
  }

  private place(): void {
    const w = this.stage.walker;
    this.crowd.forEach((c, i) => {
      const [dx, dy] = crowdOffset(i + 1);
      c.placeAt(w.position[0]! + dx, w.position[1]! + dy, w.facing);
    });
  }

  /** Every walker on the stage, the main one first. */
  each(f: (w: IKWalker) => void): void {
    f(this.stage.walker);
    if (this.second) f(this.second);
    for (const c of this.crowd) f(c);
  }

  /** The strider walks or stops with the main walker, at a rate that keeps its pace. */
  follow(): void {
    const main = this.stage.walker;
    if (!this.second) return;
    this.second.walking = main.walking;
    // Its stride is slower: played a little faster, it keeps pace with the main walker.
    this.second.playRate = (main.playRate * speedOf(main)) / speedOf(this.second);
  }

  /**
   * The crowd's frame: each walker follows the main one; `t0` is when this frame's updates
   * began (the main walker's and the strider's), so the time is all 20 walkers'.
   */
  updateCrowd(dt: number, t0: number): void {
    if (!this.crowd.length) return;
    const main = this.stage.walker;
    const stride = speedOf(main);
    for (const c of this.crowd) {
      c.walking = main.walking;
      c.playRate = (main.playRate * stride) / speedOf(c);
      c.update(dt);
    }
    // Update time of all 20, and of it the descents: each walker's descent times summed, read
    // as the change since the last frame.
    const all = performance.now() - t0;
    let ikSum = 0;
    this.each((w) => (ikSum += w.stats.ms.mean * w.stats.ms.count));
    const ik = Math.max(0, ikSum - this.ikSum);
    this.ikSum = ikSum;
    this.updateMs = this.updateTimes.add(all);
    this.ikMs = this.ikTimes.add(ik);
  }
}
