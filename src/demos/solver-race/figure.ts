import { CCDIK2D } from '../../ik/ccd-ik-2d';
import type { ChainIK2D } from '../../ik/chain-ik-2d';
import { FABRIK2D } from '../../ik/fabrik-2d';
import { JacobianIK2D } from '../../ik/jacobian-ik-2d';
import type { Vec2 } from '../../math/vec2';
import type { Bone2D } from '../../scene/bone2d';
import { Marker2D } from '../../scene/marker2d';
import { Node2D } from '../../scene/node2d';
import { solverRaceMeta } from './meta';
import { defineDemo } from '../contract';
import { buildChain } from '../shared/build-chain';
import { drawReach } from '../shared/chain-overlay';
import { flipScale } from '../shared/flips';
import { num } from '../shared/format';
import { evennessOf, type RaceRecord, recordRace, solveFrom, turnsAt } from '../shared/race-runner';
import { FIRST_TIMING, RACE_TIMING, SolveTimer } from '../shared/solve-timer';

const LENGTHS = [52, 46, 40, 34, 28, 22, 18, 15, 12, 10];
const PANEL = { width: 380, height: 300 };
const BASE: Vec2 = { x: -130, y: 100 };
/** Iterations shown per second while racing. */
const RACE_RATE = 6;
/** Whether a race in this page has been timed: the JIT has compiled the solvers by then. */
let pageWarm = false;

/** A lane's readout for its whole solve: iterations, time, evenness, outcome. */
function solveLine(l: Lane, r: RaceRecord): string {
  const s = r.status;
  const time = Number.isFinite(l.micros)
    ? `${l.micros < 10 ? l.micros.toFixed(1) : Math.round(l.micros)} µs a solve`
    : 'timing…';
  return `${s.iterations} iteration${s.iterations === 1 ? '' : 's'} · ${time} · evenness ${Math.round(r.evenness * 100)}%, tip third ${Math.round(r.tipShare * 100)}% · ${outcome(r)}`;
}

/** A lane's readout at iteration k of the replay: where it is, its error, whether it is done. */
function iterationLine(r: RaceRecord, k: number): string {
  const last = r.poses.length - 1;
  const at = Math.min(k, last);
  const state = at === 0 ? 'the start pose' : at < last ? 'still going' : outcome(r);
  return `iteration ${at} of ${last} · error ${num(r.errors[at]!, 2)} · ${state}`;
}

function outcome(r: RaceRecord): string {
  const s = r.status;
  if (s.reached) return 'reached';
  if (s.reachability !== 'reachable') return `unreachable (${s.reachability})`;
  return s.stalled ? 'stuck' : 'stopped by the cap';
}

interface Lane {
  name: string;
  color: 'series1' | 'series2' | 'series3' | 'series4';
  css: string;
  panel: Node2D;
  skeleton: Node2D;
  bones: Bone2D[];
  target: Marker2D;
  ik: ChainIK2D;
  record: RaceRecord | null;
  micros: number;
}

/**
 * Lesson 7: the same chain and target for four solvers, side by side: CCD, FABRIK, Jacobian
 * transpose and damped least squares. Error per iteration (log scale), iterations, time per
 * solve, and how evenly the rotation spreads along the chain (seed 002 §1.4's "natural pose").
 */
export const solverRaceDemo = defineDemo({
  ...solverRaceMeta,
  create({ controls }, params) {
    const n = Math.round(params.bones);
    const world = new Node2D('World');
    const settings = { ...params };
    let shared: Vec2 = { x: params.targetX, y: params.targetY };
    const makeLane = (name: string, index: number, ik: ChainIK2D): Lane => {
      const panel = world.addChild(new Node2D(name.replace(/\s+/g, '')));
      panel.position = {
        x: (index % 2 === 0 ? -0.5 : 0.5) * PANEL.width,
        y: (index < 2 ? -0.5 : 0.5) * PANEL.height,
      };
      const skeleton = panel.addChild(new Node2D('Skeleton'));
      skeleton.position = BASE;
      const bones = buildChain(
        skeleton,
        LENGTHS.slice(0, n).map((length, i) => ({
          name: `Bone${i + 1}`,
          length,
          rotation: i === 0 ? -0.5 : 0.22,
        })),
      );
      const target = panel.addChild(new Marker2D('Target', 'target'));
      target.position = shared;
      panel.addChild(ik);
      ik.rootBonePath = bones[0]!.getPathFrom(ik);
      ik.tipBonePath = bones[n - 1]!.getPathFrom(ik);
      ik.targetPath = target.getPathFrom(ik);
      // The demo runs the solvers itself (to record and replay them), never processTree.
      ik.enabled = false;
      const colors = ['series1', 'series2', 'series3', 'series4'] as const;
      return {
        name,
        color: colors[index]!,
        css: `var(--plot-${index + 1})`,
        panel,
        skeleton,
        bones,
        target,
        ik,
        record: null,
        micros: NaN,
      };
    };
    const jt = new JacobianIK2D('JacobianIK2D');
    jt.method = 'transpose';
    const dls = new JacobianIK2D('JacobianIK2D');
    dls.method = 'dls';
    const lanes = [
      makeLane('CCD', 0, new CCDIK2D('CCDIK2D')),
      makeLane('FABRIK', 1, new FABRIK2D('FABRIK2D')),
      makeLane('Jacobian transpose', 2, jt),
      makeLane('DLS', 3, dls),
    ];
    const configure = () => {
      for (const l of lanes) {
        l.ik.tolerance = settings.tolerance;
        l.ik.maxIterations = settings.iterations;
        l.skeleton.scale = flipScale(settings.flipX, settings.flipY);
      }
      for (const ik of [jt, dls]) ik.damping = settings.damping;
    };
    configure();

    let dirty = true;
    let settle = 0;
    let timed = false;
    let timer: SolveTimer | null = null;
    /** The iteration on show in every lane (0: the start pose), or null for the solutions. */
    let shown: number | null = null;
    let racing = false;
    let raceClock = 0;
    let plotClock = Infinity;
    const change = (apply: () => void) => {
      apply();
      configure();
      dirty = true;
    };

    // The replay's controls, as the other solver demos' Step / Play / Jump: one iteration of
    // every solver per Step, Race plays them (and pauses), the solutions end the replay.
    controls.button({
      id: 'step',
      stepBar: true,
      label: 'Step',
      title: 'Show one more iteration of every solver',
      onClick: () => {
        setRacing(false);
        show(shown === null ? 0 : shown + 1);
      },
    });
    const raceButton = controls.button({
      id: 'race',
      stepBar: true,
      label: 'Race',
      title: 'Replay every solver iteration by iteration, side by side',
      onClick: () => {
        if (racing) {
          setRacing(false);
          return;
        }
        if (shown === null || shown >= longest()) show(0);
        setRacing(true);
      },
    });
    controls.button({
      id: 'solutions',
      label: 'Show the solutions',
      title: 'Stop the replay and show each solver’s final pose',
      onClick: () => {
        setRacing(false);
        show(null);
      },
    });
    controls.toggle({
      id: 'warm',
      label: 'Warm start',
      value: settings.warm,
      onChange: (v) => change(() => (settings.warm = v)),
    });
    controls.toggle({
      id: 'flipX',
      label: 'Mirror x',
      value: settings.flipX,
      onChange: (v) => change(() => (settings.flipX = v)),
    });
    controls.toggle({
      id: 'flipY',
      label: 'Mirror y',
      value: settings.flipY,
      onChange: (v) => change(() => (settings.flipY = v)),
    });
    controls.slider({
      id: 'tolerance',
      label: 'Tolerance',
      min: 0.001,
      max: 10,
      step: 0.001,
      log: true,
      value: settings.tolerance,
      onInput: (v) => change(() => (settings.tolerance = v)),
    });
    controls.slider({
      id: 'iterations',
      label: 'Iteration cap',
      min: 1,
      max: 2000,
      step: 1,
      log: true,
      value: settings.iterations,
      onInput: (v) => change(() => (settings.iterations = v)),
    });
    controls.slider({
      id: 'damping',
      label: 'DLS λ',
      min: 0,
      max: 1,
      step: 0.01,
      value: settings.damping,
      onInput: (v) => change(() => (settings.damping = v)),
    });
    const iterationShown = controls.readout({ id: 'race-step', label: 'Iteration shown' });
    const readouts = lanes.map((l) =>
      controls.readout({
        id: `race-${l.ik.typeName === 'JacobianIK2D' ? (l.name === 'DLS' ? 'dls' : 'transpose') : l.name.toLowerCase()}`,
        label: l.name,
      }),
    );
    const errorPlot = controls.plot({
      id: 'errors',
      label: 'Distance from tip to target after each iteration',
      xLabel: 'iteration',
      yLabel: 'error',
      logY: true,
    });
    const turnPlot = controls.plot({
      id: 'turns',
      label: 'How far each joint turned (degrees)',
      xLabel: 'joint, from the root',
      yLabel: 'degrees',
      kind: 'bars',
      xStart: 1,
    });

    /** The most iterations any solver recorded (the replay's last step). */
    const longest = () => Math.max(0, ...lanes.map((l) => (l.record?.poses.length ?? 1) - 1));

    const setRacing = (on: boolean) => {
      racing = on;
      raceClock = 0;
      raceButton.setPressed(on);
      raceButton.setLabel(on ? 'Pause' : 'Race');
    };

    /** Shows iteration k of every solver (a lane that finished earlier stays at its end). */
    const show = (k: number | null) => {
      shown = k === null ? null : Math.max(0, Math.min(longest(), k));
      showIteration(shown ?? Infinity);
      plotClock = Infinity;
    };

    const recordAll = () => {
      for (const l of lanes) {
        if (!settings.warm) for (const b of l.bones) b.rotation = b.rest.rotation;
        l.record = recordRace(l.ik);
      }
      timed = false;
      timer = null;
      settle = 0;
      plotClock = Infinity;
    };

    /** Poses every lane at iteration k of its record (its last one if it has fewer). */
    const showIteration = (k: number) => {
      for (const l of lanes) {
        const poses = l.record?.poses ?? [];
        if (poses.length) l.ik.applyPositions(poses[Math.min(k, poses.length - 1)]!);
      }
    };

    /** Times every solver from the start its record used: warmed up, a slice per frame. */
    const timeSlice = () => {
      if (!timer) {
        const runs = lanes.map((l) => {
          l.ik.applyPositions(l.record!.poses[0]!);
          return solveFrom(
            l.ik,
            l.bones.map((b) => b.rotation),
          );
        });
        timer = new SolveTimer(runs, pageWarm ? RACE_TIMING : FIRST_TIMING);
      }
      if (timer.advance()) {
        timer.timings.forEach((t, i) => (lanes[i]!.micros = t.micros));
        timed = true;
        timer = null;
        pageWarm = true;
      }
      // The timed solves moved the bones: put back what is on show.
      showIteration(shown ?? Infinity);
    };

    return {
      root: world,
      world: {
        x: -PANEL.width,
        y: -PANEL.height,
        width: 2 * PANEL.width,
        height: 2 * PANEL.height,
      },
      update(dt) {
        // One target for all four: whichever was dragged, the others follow.
        for (const l of lanes) {
          const p = l.target.position;
          if (p.x !== shared.x || p.y !== shared.y) {
            shared = p;
            for (const o of lanes) if (o !== l) o.target.position = p;
            dirty = true;
            break;
          }
        }
        if (dirty) {
          // A new target or setting: record again and show the new solutions.
          dirty = false;
          setRacing(false);
          // A warm start starts from the last solutions, not from a replayed iteration.
          if (shown !== null) showIteration(Infinity);
          recordAll();
          shown = null;
        }
        settle += dt;
        if (!timed && settle > 0.3) timeSlice();
        if (racing) {
          raceClock += dt * RACE_RATE;
          while (racing && raceClock >= 1) {
            raceClock -= 1;
            if (shown! >= longest()) setRacing(false);
            else show(shown! + 1);
          }
        }
        // Readouts and plots follow the iteration on show; with the solutions, whole solves.
        const k = shown;
        iterationShown.set(
          k === null
            ? 'the solutions (Step or Race replays the solves)'
            : `${k} / ${longest()}${k === 0 ? ': the start pose' : ''}`,
        );
        lanes.forEach((l, i) => {
          const r = l.record;
          if (!r) return;
          readouts[i]!.set(k === null ? solveLine(l, r) : iterationLine(r, k));
        });
        plotClock += dt;
        if (plotClock >= (racing ? 0.1 : 0.5)) {
          plotClock = 0;
          errorPlot.set(
            lanes.map((l) => ({ label: l.name, color: l.css, values: l.record?.errors ?? [] })),
            k ?? undefined,
          );
          turnPlot.set(
            lanes.map((l) => {
              const turns = !l.record ? [] : k === null ? l.record.turns : turnsAt(l.record, k);
              const even = turns.some((t) => t > 0) ? Math.round(evennessOf(turns) * 100) : NaN;
              return {
                label: Number.isNaN(even) ? l.name : `${l.name} (${even}% even)`,
                color: l.css,
                values: turns,
              };
            }),
          );
        }
      },
      drawOverlay(p) {
        p.line({ x: -PANEL.width, y: 0 }, { x: PANEL.width, y: 0 }, { color: 'axis', width: 2 });
        p.line({ x: 0, y: -PANEL.height }, { x: 0, y: PANEL.height }, { color: 'axis', width: 2 });
        for (const l of lanes) {
          const corner = {
            x: l.panel.position.x - PANEL.width / 2,
            y: l.panel.position.y - PANEL.height / 2,
          };
          const tip = l.bones[n - 1]!.tipGlobalPosition;
          const t = l.target.globalPosition;
          const error = Math.hypot(tip.x - t.x, tip.y - t.y);
          p.text(`${l.name}\nerror ${num(error, 2)}`, corner, {
            color: l.color,
            size: 15,
            offsetPx: { x: 10, y: 8 },
            pinned: true,
          });
          p.line(tip, t, { color: 'target', width: 1, alpha: 0.6 });
          // How far this pane's arm reaches (and its dead zone), as lessons 4 and 5 draw it.
          drawReach(p, l.ik.currentChain, false);
        }
      },
      currentParams: () => ({
        targetX: Math.round(shared.x),
        targetY: Math.round(shared.y),
        bones: n,
        tolerance: settings.tolerance,
        iterations: settings.iterations,
        damping: settings.damping,
        warm: settings.warm,
        flipX: settings.flipX,
        flipY: settings.flipY,
      }),
    };
  },
});
