import type { Vec2 } from '../../math/vec2.ts';
import type { ButtonControl } from '../contract.ts';
import type { FigureUi } from '../figure-ui.ts';
import { evennessOf, recordRace, turnsAt } from '../shared/race-runner.ts';
import type { solverRaceFigure } from './description.ts';
import { configureLanes, type Lane, type LaneSettings } from './lanes.ts';
import { iterationLine, solveLine } from './lines.ts';
import { RaceTiming } from './race-timing.ts';

type Ui = FigureUi<typeof solverRaceFigure>;

/** Iterations shown per second while racing. */
const RACE_RATE = 6;

/**
 * The race's state: each lane's solve recorded from one start (the rest pose, or the last
 * solution with a warm start), replayed an iteration at a time (Step, Race) or shown whole (the
 * solutions), and timed a slice per frame once the target rests.
 */
export class SolverRace {
  /** The iteration on show in every lane (0: the start pose), or null for the solutions. */
  private shown: number | null = null;
  private racing = false;
  private raceClock = 0;
  private plotClock = Infinity;
  private dirty = true;
  private readonly timing = new RaceTiming();
  private shared: Vec2;
  private readonly raceButton: ButtonControl;

  constructor(
    private readonly ui: Ui,
    readonly lanes: readonly Lane[],
    private readonly settings: LaneSettings & { warm: boolean },
  ) {
    this.shared = lanes[0]!.target.position;
    configureLanes(lanes, settings);
    ui.action('step', () => {
      this.setRacing(false);
      this.show(this.shown === null ? 0 : this.shown + 1);
    });
    this.raceButton = ui.action('race', () => this.toggleRace());
    ui.action('solutions', () => {
      this.setRacing(false);
      this.show(null);
    });
  }

  /** A setting changed: configure every lane, record again. */
  change(apply: () => void): void {
    apply();
    configureLanes(this.lanes, this.settings);
    this.dirty = true;
  }

  /** Where the shared target is (for share links). */
  get target(): Vec2 {
    return this.shared;
  }

  update(dt: number): void {
    this.followTarget();
    if (this.dirty) {
      // A new target or setting: record again and show the new solutions.
      this.dirty = false;
      this.setRacing(false);
      // A warm start starts from the last solutions, not from a replayed iteration.
      if (this.shown !== null) this.showIteration(Infinity);
      this.recordAll();
      this.shown = null;
    }
    // The timed solves move the bones: put back what is on show.
    if (this.timing.tick(dt, this.lanes)) this.showIteration(this.shown ?? Infinity);
    if (this.racing) {
      this.raceClock += dt * RACE_RATE;
      while (this.racing && this.raceClock >= 1) {
        this.raceClock -= 1;
        if (this.shown! >= this.longest()) this.setRacing(false);
        else this.show(this.shown! + 1);
      }
    }
    this.showReadouts();
    this.plotClock += dt;
    if (this.plotClock >= (this.racing ? 0.1 : 0.5)) {
      this.plotClock = 0;
      this.showPlots();
    }
  }

  /** One target for all four: whichever was dragged, the others follow. */
  private followTarget(): void {
    for (const l of this.lanes) {
      const p = l.target.position;
      if (p.x === this.shared.x && p.y === this.shared.y) continue;
      this.shared = p;
      for (const o of this.lanes) if (o !== l) o.target.position = p;
      this.dirty = true;
      return;
    }
  }

  private toggleRace(): void {
    if (this.racing) {
      this.setRacing(false);
      return;
    }
    if (this.shown === null || this.shown >= this.longest()) this.show(0);
    this.setRacing(true);
  }

  /** The most iterations any solver recorded (the replay's last step). */
  private longest(): number {
    return Math.max(0, ...this.lanes.map((l) => (l.record?.poses.length ?? 1) - 1));
  }

  private setRacing(on: boolean): void {
    this.racing = on;
    this.raceClock = 0;
    this.raceButton.setPressed(on);
    this.raceButton.setLabel(this.ui.say(on ? 'pause' : 'race'));
  }

  /** Shows iteration k of every solver (a lane that finished earlier stays at its end). */
  private show(k: number | null): void {
    this.shown = k === null ? null : Math.max(0, Math.min(this.longest(), k));
    this.showIteration(this.shown ?? Infinity);
    this.plotClock = Infinity;
  }

  private recordAll(): void {
    for (const l of this.lanes) {
      if (!this.settings.warm) for (const b of l.bones) b.rotation = b.rest.rotation;
      l.record = recordRace(l.ik);
    }
    this.timing.reset();
    this.plotClock = Infinity;
  }

  /** Poses every lane at iteration k of its record (its last one if it has fewer). */
  private showIteration(k: number): void {
    for (const l of this.lanes) {
      const poses = l.record?.poses ?? [];
      if (poses.length) l.ik.applyPositions(poses[Math.min(k, poses.length - 1)]!);
    }
  }

  /** Readouts follow the iteration on show; with the solutions, whole solves. */
  private showReadouts(): void {
    const { ui, shown: k } = this;
    const n = this.longest();
    ui.readout('race-step').set(
      k === null ? ui.say('solutions') : ui.say(k === 0 ? 'shownStart' : 'shownAt', { k, n }),
    );
    for (const l of this.lanes) {
      const r = l.record;
      if (!r) continue;
      ui.readout(`race-${l.id}`).set(
        k === null ? solveLine(ui.say, l.micros, r) : iterationLine(ui.say, r, k),
      );
    }
  }

  private showPlots(): void {
    const { ui, shown: k, lanes } = this;
    ui.plot('errors').set(
      lanes.map((l) => ({ label: l.name, color: l.css, values: l.record?.errors ?? [] })),
      k ?? undefined,
    );
    ui.plot('turns').set(
      lanes.map((l) => {
        const turns = !l.record ? [] : k === null ? l.record.turns : turnsAt(l.record, k);
        const even = turns.some((t) => t > 0) ? Math.round(evennessOf(turns) * 100) : NaN;
        return {
          label: Number.isNaN(even) ? l.name : ui.say('evenSeries', { name: l.name, even }),
          color: l.css,
          values: turns,
        };
      }),
    );
  }
}
