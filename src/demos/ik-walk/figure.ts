import { RecentMedian } from '../../math/recent-median';
import { rgba } from '../../render/raster/raster-target';
import type { Node } from '../../scene/node';
import type { IKWalker } from '../../walk3d/ik-walker';
import { RunningStats } from '../../walk3d/running-stats';
import { ikWalkMeta } from './meta';
import { defineDemo } from '../contract';
import { CurveBuffer } from '../shared/curve-buffer';
import { Every, FORMULA_PERIOD } from '../shared/every';
import { deg, num, tex } from '../shared/format';
import { SUPPORT_RULES, type SupportRule } from '../../walk3d/support-factor';
import { ikWalkerKind } from '../shared/ik-walker-kind';
import { RecentMax } from '../shared/recent-max';
import { type TerrainChoice, TERRAINS } from '../shared/terrains-3d';
import { TURN_ACTIONS, turnInput } from '../shared/walk-input';
import { newMark } from '../../render/raster/walk3d-view';
import { IKCostMeter } from '../shared/ik-cost-meter';
import { terrainPlace, turnHome } from '../../walk3d/stay-on-terrain';
import { BvhControls, sectionToggle, terrainChoice } from '../shared/walk3d-controls';
import { CAMERA_KEY_HELP, STAGE_WORLD, striderRig, Walk3DStage } from '../shared/walk3d-stage';

/** The seed's debug colours (§9.4): targets red, real paths yellow, the hips' target green. */
const RED = rgba(225, 40, 40);
const YELLOW = rgba(235, 190, 20);
const GREEN = rgba(40, 170, 70);
/** How fast a walker's clip carries it, in world units per second of clip time. */
const speedOf = (w: IKWalker): number => {
  const an = w.walk.analysis;
  return Math.max(1e-6, Math.hypot(an.cycle[0]!, an.cycle[1]!) / an.duration);
};

/** A crowd is the main walker and 19 more, both characters in turn, two abreast in ten rows. */
const CROWD = 20;
const CROWD_COLUMNS = 2;
const CROWD_SPACING = 4;

/** Descents kept for the plot. */
const HISTORY = 90;

/**
 * Lesson 15: seed 000's whole IK navigation system walking over its terrains. The student steers
 * (↑ ↓ ← →), switches IK, stride correction and validation on and off, shows the target, real
 * and hip curves, adds a second character, and reads every descent's terms with running
 * statistics (the seed's Tables 4.1/4.2) and the frame cost with IK on and off (its Table 5.1).
 */
export const ikWalkDemo = defineDemo({
  ...ikWalkMeta,
  create({ controls }, params) {
    // How the walk's support frames are read: each foot's own test unless the student picks the
    // seed's rule.
    let support = params.support as SupportRule;
    const walkerKind = ikWalkerKind(() => support);
    const stage = new Walk3DStage({
      terrains: [],
      pitch: 0.2,
      viewHeight: 18,
      followFacing: true,
      kind: walkerKind,
    });
    const { view } = stage;
    const camera = view.camera;
    let terrain = params.terrain as TerrainChoice;
    const formulas = new Every(FORMULA_PERIOD);
    let second: IKWalker | null = null;
    const show = { targets: params.targets, real: params.real, hip: params.hip };
    const curves = [0, 1].map(() => ({
      target: new CurveBuffer(RED, 3),
      real: new CurveBuffer(YELLOW, 3),
    }));
    const hipCurve = new CurveBuffer(GREEN, 3);
    // The walking system's cost with IK on and off, measured side by side on request.
    const cost = new IKCostMeter();
    const worstSink = new RecentMax(5);
    const worstSwing = new RecentMax(5);
    const gaps = new Float64Array(2);
    const marks = [0, 1].map((row) => newMark('', row));
    const planted = new Uint8Array(2);
    const trace = { af1: [] as number[], bf2: [] as number[], cf3: [] as number[] };
    let lastRecord: unknown = null;

    const options = () => stage.walker.options;
    const applyOptions = (w: IKWalker) => {
      w.options.ik = params.ik;
      w.options.correctStrides = params.correctStrides;
      w.options.validateStrides = params.validateStrides;
      w.options.fastSolver = params.fastSolver;
      w.options.alignFeet = params.alignFeet;
    };
    applyOptions(stage.walker);

    const setTerrain = (t: TerrainChoice) => {
      terrain = t;
      // A measurement running on the old ground would report it as this one's.
      cost.clear();
      stage.setTerrains(TERRAINS[t].fields(), TERRAINS[t].names);
      home();
    };
    const home = () => {
      const [x, y] = TERRAINS[terrain].start;
      stage.walker.placeAt(x, y, 0);
      second?.placeAt(x - 6, y - 4, 0);
      placeCrowd();
      worstSink.clear();
      worstSwing.clear();
      stage.aim();
    };
    const setSecond = (on: boolean) => {
      if (second) {
        view.walkers.splice(1);
        second = null;
      }
      if (!on) return;
      const w = stage.walker;
      // The long-legged strider: its own clips, rig height and weight a (the seed's demos had
      // two models walking side by side).
      second = walkerKind.make(striderRig(), stage.terrain);
      walkerKind.carry(w, second);
      second.placeAt(w.position[0]! - 6, w.position[1]! - 4, w.facing);
      view.addWalker(second);
    };
    // The crowd: 19 walkers beside and behind the main one, every other one the strider.
    let crowd: IKWalker[] = [];
    // Medians of the last second of frames (a running mean starts from the crowd's cold first
    // frames and carries them for seconds).
    const crowdTimes = {
      update: new RecentMedian(60),
      ik: new RecentMedian(60),
      ikSum: 0,
      /** The medians as last added (read by the readout each frame). */
      updateMs: 0,
      ikMs: 0,
    };
    const crowdOffset = (k: number): [number, number] => {
      const col = (k % CROWD_COLUMNS) - (CROWD_COLUMNS - 1) / 2;
      const row = Math.floor(k / CROWD_COLUMNS);
      return [col * CROWD_SPACING, -row * CROWD_SPACING];
    };
    const placeCrowd = () => {
      const w = stage.walker;
      crowd.forEach((c, i) => {
        const [dx, dy] = crowdOffset(i + 1);
        c.placeAt(w.position[0]! + dx, w.position[1]! + dy, w.facing);
      });
    };
    const setCrowd = (on: boolean) => {
      view.walkers.splice(1 + (second ? 1 : 0));
      crowd = [];
      crowdTimes.update = new RecentMedian(60);
      crowdTimes.ik = new RecentMedian(60);
      crowdTimes.updateMs = crowdTimes.ikMs = 0;
      if (!on) return;
      setSecond(false);
      secondToggle?.set(false);
      const w = stage.walker;
      for (let k = 1; k < CROWD; k++) {
        const c =
          k % 2
            ? walkerKind.make(striderRig(), stage.terrain)
            : walkerKind.make(stage.rig, stage.terrain);
        walkerKind.carry(w, c);
        crowd.push(c);
        view.addWalker(c);
      }
      placeCrowd();
    };
    const eachWalker = (f: (w: IKWalker) => void) => {
      f(stage.walker);
      if (second) f(second);
      for (const c of crowd) f(c);
    };

    let secondToggle: { set(v: boolean): void } | null = null;
    setTerrain(terrain);
    setSecond(params.second);
    setCrowd(params.crowd);

    terrainChoice(controls, terrain, setTerrain);
    stage.addPlaybackControls(controls, params, 'Walking (↑ walk, ↓ stop)');
    const steering = turnInput((name: keyof typeof TURN_ACTIONS, onHold: (down: boolean) => void) =>
      controls.holdButton({
        id: name,
        ...TURN_ACTIONS[name],
        title: TURN_ACTIONS[name].help,
        onHold,
      }),
    );
    controls.button({ id: 'home', label: 'Back to the start', onClick: home });
    let stay = params.stay;
    controls.toggle({
      id: 'stay',
      label: 'Stay on the terrain (turn home near its edge)',
      value: stay,
      onChange: (v) => (stay = v),
    });
    const optionToggle = (
      id: 'ik' | 'correctStrides' | 'validateStrides' | 'fastSolver' | 'alignFeet',
      label: string,
    ) =>
      controls.toggle({
        id,
        label,
        value: params[id],
        onChange: (v) => eachWalker((w) => (w.options[id] = v)),
      });
    const ruleChoice = controls.choice({
      id: 'support',
      label:
        'Support rule (opposite: the seed’s, one foot down at a time; each: each foot on its own, both may be down)',
      options: SUPPORT_RULES,
      value: support,
      onChange: (v) => {
        const before = support;
        support = v as SupportRule;
        try {
          // Every walker reads its clip again (a clip may be refused under one rule only).
          stage.rebuild();
        } catch (e) {
          support = before;
          ruleChoice.set(before);
          bvhControls.say(
            `The support rule "${v}" was not used: ${(e as Error).message}. The walker keeps "${before}".`,
            true,
          );
          return;
        }
        characterReplaced();
      },
    });
    optionToggle('ik', 'IK');
    optionToggle('correctStrides', 'Correct strides');
    optionToggle('validateStrides', 'Validate strides');
    controls.toggle({
      id: 'targets',
      label: 'Foot targets (red)',
      value: show.targets,
      onChange: (v) => (show.targets = v),
    });
    controls.toggle({
      id: 'real',
      label: 'Real foot paths (yellow)',
      value: show.real,
      onChange: (v) => (show.real = v),
    });
    controls.toggle({
      id: 'hip',
      label: 'Hip target (green)',
      value: show.hip,
      onChange: (v) => (show.hip = v),
    });
    secondToggle = controls.toggle({
      id: 'second',
      label: 'A second, long-legged character',
      value: params.second && !params.crowd,
      onChange: (v) => {
        if (v && crowd.length) {
          setCrowd(false);
          crowdToggle.set(false);
        }
        setSecond(v);
      },
    });
    const crowdToggle = controls.toggle({
      id: 'crowd',
      label: 'A crowd of 20 walkers (both characters)',
      value: params.crowd,
      onChange: setCrowd,
    });
    optionToggle('fastSolver', 'Faster solver (beyond the seed)');
    optionToggle('alignFeet', 'Feet flat on slopes (beyond the seed)');
    sectionToggle(controls, camera, params.section);
    stage.addAimChoice(controls, params.aim === 'feet' ? 'feet' : 'hips');
    controls.button({
      id: 'measureCost',
      label: 'Measure IK on against off',
      title:
        'Two copies of the walker, from where it stands, one with IK and one without, 300 ticks each',
      onClick: () => {
        cost.start(() => {
          const w = walkerKind.make(stage.rig, stage.terrain);
          walkerKind.carry(stage.walker, w);
          w.walking = true;
          w.weight = 1;
          return w;
        });
        out.cost.set(cost.text);
      },
    });
    controls.button({
      id: 'resetStats',
      label: 'Reset the statistics',
      onClick: () => {
        for (const s of Object.values(stage.walker.stats)) s.clear();
        for (const list of Object.values(trace)) list.length = 0;
      },
    });
    const bvhControls = new BvhControls(controls, stage, afterLoad, () => {
      stage.resetRig();
      characterReplaced();
    });

    const plot = controls.plot({
      id: 'descents',
      label: 'The last descents’ terms (as the seed’s Tables 4.1/4.2 collect them)',
      xLabel: 'descent',
      yLabel: 'weighted term',
      logY: true,
    });
    const out = {
      last: controls.readout({ id: 'last', label: 'last descent: a·f1, b·f2, c·f3 → F' }),
      steps: controls.readout({ id: 'steps', label: 'last descent: steps; mean time per descent' }),
      af1: controls.readout({ id: 'stats-af1', label: 'a·f1 mean · sd · min · max' }),
      bf2: controls.readout({ id: 'stats-bf2', label: 'b·f2 mean · sd · min · max' }),
      cf3: controls.readout({ id: 'stats-cf3', label: 'c·f3 mean · sd · min · max' }),
      F: controls.readout({ id: 'stats-F', label: 'F mean · sd · min · max' }),
      stepStats: controls.readout({ id: 'stats-steps', label: 'steps mean · sd · min · max' }),
      cost: controls.readout({ id: 'cost', label: 'walking system per tick: IK on / off' }),
      feet: controls.readout({
        id: 'feet',
        label: 'feet now (planted: off its height; swing: over ground)',
      }),
      worst: controls.readout({
        id: 'worst',
        label: 'last 5 s: planted foot sunk, swing below ground',
      }),
      state: controls.readout({
        id: 'state',
        label: 'steps frozen (validation) · strides reshaped',
      }),
      position: controls.readout({ id: 'position', label: 'walker at (x, y), facing' }),
      ground: controls.readout({ id: 'ground', label: 'ground under the walker' }),
      perf: controls.readout({ id: 'perf', label: 'drawing' }),
      crowd: controls.readout({
        id: 'crowd',
        label: 'crowd frame: walkers (of it IK) · transform · raster · edges · upload = total',
      }),
    };
    const costTex = controls.formula({ id: 'cost' });
    const hipTex = controls.formula({ id: 'hip' });

    function afterLoad(r: { ok: boolean; message: string }): { ok: boolean; message: string } {
      if (r.ok) characterReplaced();
      return r;
    }

    /**
     * A new character (a clip loaded, the humanoid back, a support rule) replaced the drawn
     * ones: bring back the strider or the crowd, and forget what was measured of the old one.
     */
    function characterReplaced(): void {
      setSecond(second !== null);
      setCrowd(crowd.length > 0);
      worstSink.clear();
      worstSwing.clear();
      cost.clear();
      for (const list of Object.values(trace)) list.length = 0;
    }

    const statText = (s: RunningStats, d = 3) =>
      s.count
        ? `${num(s.mean, d)} · ${num(s.std, d)} · ${num(s.min, d)} · ${num(s.max, d)} (${s.count})`
        : '—';

    function refreshCurves(): void {
      const w = stage.walker;
      const a = w.weight >= 0.5 ? w.walk : w.idle;
      view.curves.length = 0;
      curves.forEach((c, k) => {
        if (show.targets) view.curves.push(c.target.fromLIC(a.eeTarget[k] ?? null));
        if (show.real) view.curves.push(c.real.fromLIC(a.eeHistory[k]!));
      });
      if (show.hip) view.curves.push(hipCurve.fromLIC(a.hipTarget));
    }

    /** "on Hills (250 bumps), 34 units inside its edge", or off every terrain and what now. */
    function groundText(w: IKWalker): string {
      const place = terrainPlace(stage.terrain, w.position[0]!, w.position[1]!);
      if (!place) return 'no terrain';
      const names = TERRAINS[terrain].names;
      const turning = w.turn !== 0 && steering.direction === 0;
      if (place.on < 0)
        return `off every terrain: walking on z = 0${turning ? ', turning home' : stay ? '' : ' (tick “Stay on the terrain” to turn home)'}`;
      const name = names[place.on] ?? `terrain ${place.on + 1}`;
      return `on ${name}, ${num(place.inside, 0)} units inside its edge${turning ? ', turning home' : ''}`;
    }

    function report(dt: number): void {
      const w = stage.walker;
      const st = w.stats;
      const d = w.lastDescent;
      if (d && d !== lastRecord) {
        lastRecord = d;
        for (const [k, v] of [
          ['af1', d.af1],
          ['bf2', d.bf2],
          ['cf3', d.cf3],
        ] as const) {
          trace[k].push(Math.max(1e-4, v));
          if (trace[k].length > HISTORY) trace[k].shift();
        }
        out.last.set(`${num(d.af1, 3)}, ${num(d.bf2, 3)}, ${num(d.cf3, 3)} → ${num(d.F, 3)}`);
        // One descent takes tens of µs, below the browser's 0.1 ms timer step: show the mean.
        const ms = stage.walker.stats.ms;
        out.steps.set(`${d.steps} steps; ${ms.count ? num(ms.mean * 1000, 0) : '—'} µs`);
      }
      w.footGaps(gaps, planted);
      let sink = 0;
      let below = 0;
      for (let c = 0; c < 2; c++) {
        if (planted[c]) sink = Math.max(sink, -gaps[c]!);
        else below = Math.max(below, -gaps[c]!);
        // As in lesson 12: a planted foot off its height by more than 0.05 is marked on the
        // picture, a line from the ankle to where it should be.
        const mark = marks[c]!;
        const g = gaps[c]!;
        if (planted[c] && Math.abs(g) > 0.05) {
          w.jointPosition(w.rig.legs[c]!.ee, mark.from);
          mark.to.set(mark.from);
          mark.to[2] = mark.from[2]! - g;
          mark.color = g < 0 ? '#d03030' : '#2f6fd0';
          mark.text = `${c ? 'right' : 'left'}: ${g < 0 ? 'in the ground' : 'floating'} ${num(Math.abs(g), 2)}`;
        } else mark.text = '';
      }
      view.marks.length = 0;
      for (const m of marks) if (m.text) view.marks.push(m);
      // The last 5 s of walking: paused (play rate 0), nothing happens, so nothing ages out and
      // the picture's corner stays as it was.
      const walked = w.playRate > 0 ? dt : 0;
      worstSink.add(sink, walked);
      worstSwing.add(below, walked);
      if (!formulas.tick(dt)) return;
      // The feet on the picture itself, beside the walker (the readouts below have more), made
      // at the readouts' pace rather than every frame.
      const side = (c: number) =>
        `${c ? 'R' : 'L'} ${planted[c] ? 'planted' : 'swing'} ${num(gaps[c]!, 2)}`;
      stage.cornerNote = `feet: ${side(0)} · ${side(1)}\n5 s: sunk ${num(worstSink.value, 2)} · swing below ${num(worstSwing.value, 2)}`;
      out.af1.set(statText(st.af1));
      out.bf2.set(statText(st.bf2));
      out.cf3.set(statText(st.cf3));
      out.F.set(statText(st.F));
      out.stepStats.set(statText(st.steps, 1));
      out.cost.set(cost.text);
      out.feet.set(
        [0, 1]
          .map(
            (c) =>
              `${c ? 'right' : 'left'} ${planted[c] ? 'planted' : 'swing'} ${num(gaps[c]!, 2)}`,
          )
          .join(' · '),
      );
      out.worst.set(`${num(worstSink.value, 2)} · ${num(worstSwing.value, 2)}`);
      out.state.set(`${w.frozenSteps} · ${w.correctedSteps}`);
      out.position.set(
        `(${num(w.position[0]!, 1)}, ${num(w.position[1]!, 1)}), ${deg(w.facing, 0)}`,
      );
      out.ground.set(groundText(w));
      out.perf.set(stage.perfText());
      const t = view.times;
      out.crowd.set(
        crowd.length
          ? `${crowd.length + 1} walkers: ${num(crowdTimes.updateMs, 2)} (IK ${num(crowdTimes.ikMs, 2)}) · ${num(t.transform, 2)} · ${num(t.raster, 2)} · ${num(t.edges, 2)} · ${num(t.upload, 2)} = ${num(crowdTimes.updateMs + t.transform + t.raster + t.edges + t.upload, 2)} ms`
          : '— (tick “A crowd of 20 walkers”)',
      );
      plot.set([
        { label: 'a·f1 (reach)', color: 'var(--plot-1)', values: trace.af1 },
        { label: 'b·f2 (like the clip)', color: 'var(--plot-2)', values: trace.bf2 },
        { label: 'c·f3 (like the last frame)', color: 'var(--plot-3)', values: trace.cf3 },
      ]);
      costTex.set(
        `F = a f_1 + b f_2 + c f_3,\\quad \\bar F = ${st.F.count ? tex(st.F.mean, 3) : '\\text{—}'},\\ \\overline{\\text{steps}} = ${st.steps.count ? tex(st.steps.mean, 1) : '\\text{—}'}`,
      );
      hipTex.set(
        `z_{\\text{hip}}(t) = \\min_{k} \\big( z_{k}^{\\text{target}}(t) + (z_{\\text{hip}} - z_{k})^{\\text{orig}} \\big) = ${tex(w.position[2]!, 2)}`,
      );
    }

    stage.aim();
    return {
      root: stage.root,
      world: STAGE_WORLD,
      surface: stage,
      nodeTypes: stage.nodeTypes,
      keyHelp: `↑ walk, ↓ stop, ← → turn while held; ${CAMERA_KEY_HELP} Drag to orbit; wheel or pinch to zoom.`,
      update(dt) {
        const turn = -steering.direction; // the walkers turn left (counter-clockwise) for +1
        // Unless the student steers, each walker near its terrain's edge turns home.
        eachWalker((w) => {
          const x = w.position[0]!;
          const y = w.position[1]!;
          const home = stay && w.walking ? turnHome(stage.terrain, x, y, w.facing) : 0;
          w.turn = turn || home;
        });
        if (second) {
          second.walking = stage.walker.walking;
          // Its stride is slower: played a little faster, it keeps pace with the main walker.
          second.playRate = (stage.walker.playRate * speedOf(stage.walker)) / speedOf(second);
        }
        const t0 = performance.now();
        stage.update(dt);
        second?.update(dt);
        // A cost measurement in progress takes a few more ticks of its two copies.
        if (cost.busy) {
          cost.step();
          out.cost.set(cost.text);
        }
        if (crowd.length) {
          const stride = speedOf(stage.walker);
          for (const c of crowd) {
            c.walking = stage.walker.walking;
            c.playRate = (stage.walker.playRate * stride) / speedOf(c);
            c.update(dt);
          }
          // Update time of all 20, and of it the descents:
          // each walker's descent times summed, read as the change since the last frame.
          const all = performance.now() - t0;
          let ikSum = 0;
          eachWalker((w) => (ikSum += w.stats.ms.mean * w.stats.ms.count));
          const ik = Math.max(0, ikSum - crowdTimes.ikSum);
          crowdTimes.ikSum = ikSum;
          crowdTimes.updateMs = crowdTimes.update.add(all);
          crowdTimes.ikMs = crowdTimes.ik.add(ik);
        }
        refreshCurves();
        report(dt);
      },
      onKey(key, down) {
        if (stage.walkKey(key, down)) return true;
        return steering.key(key, down) || stage.cameraKey(key, down);
      },
      onPointer: (kind, p) => stage.pointer(kind, p),
      onWheel: (dy) => stage.wheel(dy),
      onPinch: (f) => stage.pinch(f),
      onDropFile: (name, text) => bvhControls.drop(name, text),
      onDropLarge: { size: bvhControls.large.size, take: (n, b) => bvhControls.dropLarge(n, b) },
      // Leaving the page (or Reset) mid-read stops the worker; its rig would land on nothing.
      destroy: () => bvhControls.stop(),
      highlight: (node: Node | null) => stage.highlight(node),
      foldedInTree: (node) => node === stage.characterNode,
      currentParams: () => ({
        terrain,
        support,
        ...stage.playbackParams(),
        ...options(),
        targets: show.targets,
        real: show.real,
        hip: show.hip,
        second: second !== null,
        crowd: crowd.length > 0,
        section: camera.section !== null,
        aim: stage.aimAt,
        stay,
      }),
    };
  },
});
