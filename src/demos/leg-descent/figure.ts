import { newMark } from '../../render/raster/walk3d-view';
import type { Node } from '../../scene/node';
import { toDegrees } from '../../math/angles';
import { legDescentMeta, PARAMS, SOLVERS } from './meta';
import { defineDemo } from '../contract';
import type { NumberParam } from '../params';
import { costContours, pathPairs } from '../shared/cost-map';
import { num, tex } from '../shared/format';
import { paramSlider } from '../shared/param-slider';
import { type Iterate, LEG, LegPoser, type Solver } from '../shared/leg-poser';
import { type CharacterKind, STAGE_WORLD, Walk3DStage } from '../shared/walk3d-stage';

/** Iterates shown per second while playing. */
const PLAY_RATE = 12;

const LEG_POSER: CharacterKind<LegPoser> = {
  make: (rig) => new LegPoser(rig),
  carry: () => {},
  settle: () => {},
};

/** Lesson 14's settings: a URL, a lesson block or the sliders set them. */

/**
 * Lesson 14: seed 000's gradient-descent IK on one leg (§7). The student drags the foot's target
 * (or moves it with the arrow keys), steps through the descent one iteration at a time and reads
 * its three terms per iteration (the seed's Figs. 4.7/4.8), changes the weights, the learning
 * rate and the cap, and compares the seed's descent with Levenberg–Marquardt on the same cost.
 */
export const legDescentDemo = defineDemo({
  ...legDescentMeta,
  create({ controls }, params) {
    const stage = new Walk3DStage<LegPoser>({
      terrains: [],
      pitch: 0,
      viewHeight: 11,
      followFacing: false,
      kind: LEG_POSER,
    });
    const { view } = stage;
    const leg = (): LegPoser => stage.walker;
    const p = leg();
    p.aScale = params.aScale;
    p.ik.b = params.b;
    p.ik.c = params.c;
    p.learningRate = params.learningRate;
    p.maxIterations = params.maxIterations;
    p.solver = params.solver as Solver;
    // The target starts on a rise: 12 cm up and 8 cm ahead of where the clip puts the foot.
    const RISE: [number, number] = [8, 12];
    p.setFrame(params.frame, RISE);
    stage.aim();
    view.showGrid = true;
    let playing = false;
    let clock = 0;
    let dragging = false;
    const world = new Float64Array(3);
    const ee = new Float64Array(3);
    const mark = newMark('#d03030', 0);
    const cross = [0, 1].map(() => newMark('#d03030', 1));

    const resolve = () => {
      leg().solve();
      show();
    };
    const playButton = controls.button({
      id: 'play',
      stepBar: true,
      label: 'Play',
      title: 'Show the descent iteration by iteration',
      onClick: () => setPlaying(!playing),
    });
    controls.button({
      id: 'step',
      stepBar: true,
      label: 'Step',
      title: 'One iteration (. on the figure)',
      onClick: () => step(1),
    });
    controls.button({ id: 'back', stepBar: true, label: 'Step back', onClick: () => step(-1) });
    controls.button({
      id: 'solve',
      stepBar: true,
      label: 'Jump to the end',
      onClick: () => {
        setPlaying(false);
        leg().showIterate(leg().run.length - 1);
        show();
      },
    });
    controls.button({
      id: 'reset',
      label: 'Back to θ = γ',
      onClick: () => {
        setPlaying(false);
        leg().showIterate(0);
        show();
      },
    });
    controls.choice({
      id: 'solver',
      label: 'Solver',
      options: SOLVERS,
      value: p.solver,
      onChange: (v) => {
        leg().solver = v as Solver;
        leg().showIterate(0);
        show();
      },
    });
    const slider = (id: keyof typeof PARAMS & string, value: number, set: (v: number) => void) =>
      paramSlider(controls, id, PARAMS[id] as NumberParam, value, (v) => {
        set(v);
        resolve();
      });
    slider('aScale', p.aScale, (v) => (leg().aScale = v));
    slider('b', p.ik.b, (v) => (leg().ik.b = v));
    slider('c', p.ik.c, (v) => (leg().ik.c = v));
    slider('learningRate', p.learningRate, (v) => (leg().learningRate = v));
    slider('maxIterations', p.maxIterations, (v) => (leg().maxIterations = v));
    const frameSlider = slider('frame', p.frame, (v) => leg().setFrame(v));
    controls.toggle({
      id: 'gammaFromLast',
      label: 'γ = the last solution (as from frame to frame)',
      value: false,
      onChange: (v) => {
        leg().gammaFromLast = v;
        resolve();
      },
    });
    controls.button({
      id: 'nextFrame',
      label: 'Next frame, same target',
      onClick: () => {
        leg().nextFrame();
        frameSlider.set(leg().frame);
        show();
      },
    });
    controls.button({
      id: 'resetTarget',
      label: 'Target back on the foot',
      onClick: () => {
        leg().setFrame(leg().frame);
        show();
      },
    });
    controls.button({
      id: 'riseTarget',
      label: 'Target on a rise again',
      onClick: () => {
        leg().setFrame(leg().frame, RISE);
        show();
      },
    });
    controls.button({ id: 'zoomIn', label: 'Zoom in', onClick: () => view.camera.zoom(0.8) });
    controls.button({ id: 'zoomOut', label: 'Zoom out', onClick: () => view.camera.zoom(1.25) });

    const plot = controls.plot({
      id: 'terms',
      label: 'The terms per iteration (the seed’s Figs. 4.7/4.8)',
      xLabel: 'iteration',
      yLabel: 'weighted term',
      logY: true,
      xStart: 0,
    });
    const map = controls.plot({
      id: 'cost-map',
      kind: 'xy',
      label: 'F over the two angles, with both descents’ paths',
      xLabel: 'θ hip (°)',
      yLabel: 'θ knee (°)',
    });
    /** The contours, made again only when a new solve replaced the runs. */
    let mapFor: readonly Iterate[] | null = null;
    let contours: Float64Array = new Float64Array(0);
    const grad = new Float64Array(2);
    const probe = new Float64Array(2);
    const out = {
      iteration: controls.readout({ id: 'iteration', label: 'iteration shown / last' }),
      terms: controls.readout({ id: 'terms', label: 'a·f1, b·f2, c·f3 → F' }),
      theta: controls.readout({ id: 'theta', label: 'θ (hip, knee) · ω · γ' }),
      gap: controls.readout({ id: 'gap', label: 'foot to target' }),
      both: controls.readout({
        id: 'both',
        label: 'iterations to stop: descent · Levenberg–Marquardt',
      }),
      weights: controls.readout({ id: 'weights', label: 'a · b · c' }),
    };
    const costTex = controls.formula({ id: 'cost' });
    const gradTex = controls.formula({ id: 'gradient' });
    const weightTex = controls.formula({ id: 'a' });

    function setPlaying(on: boolean): void {
      playing = on;
      playButton.setLabel(on ? 'Pause' : 'Play');
      playButton.setPressed(on);
      if (on && leg().shown >= leg().run.length - 1) leg().showIterate(0);
    }

    function step(by: number): void {
      setPlaying(false);
      leg().showIterate(leg().shown + by);
      show();
    }

    // Not wrapped to ±180°: a diverging descent should show the leg spinning round.
    const degrees = (r: number) => `${num(toDegrees(r), 1)}°`;
    function show(): void {
      const l = leg();
      const run = l.run;
      const it = run[l.shown]!;
      const other = l.runs[l.solver === SOLVERS[0] ? SOLVERS[1]! : SOLVERS[0]!];
      out.iteration.set(
        `${l.shown} / ${run.length - 1}${l.converged[l.solver] ? '' : ' (cap reached)'}`,
      );
      out.terms.set(`${num(it.af1, 3)}, ${num(it.bf2, 3)}, ${num(it.cf3, 3)} → ${num(it.F, 3)}`);
      out.theta.set(
        `(${degrees(it.theta[0])}, ${degrees(it.theta[1])}) · (${degrees(l.ik.omega[0]!)}, ${degrees(l.ik.omega[1]!)}) · (${degrees(l.ik.gamma[0]!)}, ${degrees(l.ik.gamma[1]!)})`,
      );
      const footJoint = l.def.legs[LEG]!.ee;
      l.jointPosition(footJoint, ee);
      l.toWorld(l.target, world);
      const gap =
        Math.hypot(ee[0]! - world[0]!, ee[1]! - world[1]!, ee[2]! - world[2]!) / l.def.scale;
      out.gap.set(`${num(gap, 1)} cm`);
      out.both.set(
        `${l.runs[SOLVERS[0]!].length - 1} · ${l.runs[SOLVERS[1]!].length - 1} (F ${num(l.runs[SOLVERS[0]!].at(-1)!.F, 4)} · ${num(l.runs[SOLVERS[1]!].at(-1)!.F, 4)})`,
      );
      out.weights.set(`${l.ik.a.toExponential(2)} · ${num(l.ik.b, 1)} · ${num(l.ik.c, 1)}`);
      plot.set(
        [
          {
            label: 'a·f1 (reach)',
            color: 'var(--plot-1)',
            values: run.map((r) => Math.max(1e-6, r.af1)),
          },
          {
            label: 'b·f2 (like the clip)',
            color: 'var(--plot-2)',
            values: run.map((r) => Math.max(1e-6, r.bf2)),
          },
          {
            label: 'c·f3 (like the last frame)',
            color: 'var(--plot-3)',
            values: run.map((r) => Math.max(1e-6, r.cf3)),
          },
          { label: 'F', color: 'var(--plot-4)', values: run.map((r) => Math.max(1e-6, r.F)) },
          {
            label: `F, ${l.solver === SOLVERS[0] ? 'Levenberg–Marquardt' : 'gradient descent'}`,
            color: 'var(--plot-5)',
            values: other.map((r) => Math.max(1e-6, r.F)),
          },
        ],
        l.shown,
      );
      const gd = l.runs[SOLVERS[0]!];
      if (mapFor !== gd) {
        mapFor = gd;
        contours = costContours(
          (hip, knee) => {
            probe[0] = hip;
            probe[1] = knee;
            l.ik.evaluate(probe, grad);
            return l.ik.terms.F;
          },
          [gd, l.runs[SOLVERS[1]!]],
        );
      }
      map.set([
        { label: 'F = const', color: 'var(--plot-5)', values: contours },
        { label: 'gradient descent', color: 'var(--plot-1)', values: pathPairs(gd) },
        {
          label: 'Levenberg–Marquardt',
          color: 'var(--plot-4)',
          values: pathPairs(l.runs[SOLVERS[1]!]),
        },
        {
          label: 'the iterate shown',
          color: 'var(--fg)',
          values: Float64Array.of(toDegrees(it.theta[0]), toDegrees(it.theta[1])),
        },
      ]);
      costTex.set(
        `F(\\theta) = a\\,\\lVert e(\\theta) - t \\rVert^2 + b\\,\\lVert \\theta - \\omega \\rVert^2 + c\\,\\lVert \\theta - \\gamma \\rVert^2 = ${tex(it.af1, 3)} + ${tex(it.bf2, 3)} + ${tex(it.cf3, 3)} = ${tex(it.F, 3)}`,
      );
      gradTex.set(
        `\\frac{\\partial f_1}{\\partial \\theta_k} = 2\\,(e - t) \\cdot M_A\\,\\frac{\\partial R(\\theta_k)}{\\partial \\theta_k}\\,v_k, \\qquad \\theta \\leftarrow \\theta - \\eta \\nabla F,\\ \\eta = ${tex(l.learningRate, 3)}`,
      );
      weightTex.set(
        `a = \\frac{1}{h\\,\\delta p},\\ \\delta p = \\frac{h}{200} \\;\\Rightarrow\\; a = \\frac{200}{h^2} = \\frac{200}{${tex(l.def.rigHeight, 0)}^2} = ${tex(200 / l.def.rigHeight ** 2, 5)}`,
      );
      // The target: a red cross, and a line from the foot to it.
      mark.from.set(ee);
      mark.to.set(world);
      mark.text = '';
      const d = 0.25;
      cross[0]!.from.set([world[0]!, world[1]! - d, world[2]! - d]);
      cross[0]!.to.set([world[0]!, world[1]! + d, world[2]! + d]);
      cross[1]!.from.set([world[0]!, world[1]! - d, world[2]! + d]);
      cross[1]!.to.set([world[0]!, world[1]! + d, world[2]! - d]);
      view.marks.length = 0;
      view.marks.push(mark, cross[0]!, cross[1]!);
    }

    /** The figure's pointer in the side view's plane (x fixed at the foot's), as a target. */
    function dragTo(px: number, py: number): void {
      const c = view.camera;
      c.update(STAGE_WORLD.width / STAGE_WORLD.height);
      const aspect = STAGE_WORLD.width / STAGE_WORLD.height;
      const h = c.viewHeight;
      const l = leg();
      l.toWorld(l.target, world);
      world[1] = c.target[1]! + (px / STAGE_WORLD.width - 0.5) * h * aspect;
      world[2] = c.target[2]! - (py / STAGE_WORLD.height - 0.5) * h;
      l.toModel(world, l.target);
      resolve();
    }

    show();
    return {
      root: stage.root,
      world: STAGE_WORLD,
      surface: stage,
      nodeTypes: stage.nodeTypes,
      keyHelp:
        'Arrow keys move the target 2 cm; Space plays the descent, . steps one iteration, , steps back; + − zoom.',
      update(dt) {
        stage.update(dt);
        if (!playing) return;
        clock += dt;
        const before = leg().shown;
        while (clock >= 1 / PLAY_RATE) {
          clock -= 1 / PLAY_RATE;
          const l = leg();
          if (l.shown >= l.run.length - 1) {
            setPlaying(false);
            break;
          }
          l.showIterate(l.shown + 1);
        }
        // The panel changes only when the iterate on show does (12 a second, not every frame).
        if (leg().shown !== before) show();
      },
      onKey(key, down) {
        if (!down)
          return ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', ' ', '.', ','].includes(key);
        const l = leg();
        const move = 2; // centimetres a press
        const arrows: Record<string, [number, number]> = {
          ArrowUp: [0, move],
          ArrowDown: [0, -move],
          ArrowLeft: [-move, 0],
          ArrowRight: [move, 0],
        };
        const a = arrows[key];
        if (a) {
          l.target[1] = l.target[1]! + a[0];
          l.target[2] = l.target[2]! + a[1];
          resolve();
          return true;
        }
        if (key === ' ') setPlaying(!playing);
        else if (key === '.') step(1);
        else if (key === ',') step(-1);
        else return stage.cameraKey(key, down);
        return true;
      },
      onPointer(kind, pt) {
        if (kind === 'down') dragging = true;
        if (dragging && kind !== 'up') dragTo(pt.x, pt.y);
        if (kind === 'up') dragging = false;
      },
      onWheel: (dy) => stage.wheel(dy),
      onPinch: (f) => stage.pinch(f),
      highlight: (node: Node | null) => stage.highlight(node),
      foldedInTree: (node) => node === stage.characterNode,
      currentParams: () => ({
        frame: leg().frame,
        aScale: leg().aScale,
        b: leg().ik.b,
        c: leg().ik.c,
        learningRate: leg().learningRate,
        maxIterations: leg().maxIterations,
        solver: leg().solver,
      }),
    };
  },
});
