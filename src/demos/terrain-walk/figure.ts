import { rgba } from '../../render/raster/raster-target';
import { SHADINGS, type Shading } from '../../render/raster/software-renderer';
import { newMark } from '../../render/raster/walk3d-view';
import type { Node } from '../../scene/node';
import { calibrateFeet, findFeet, type FootGap, measureFeet } from '../../walk3d/foot-gap';
import { RIG_HEIGHT } from '../../walk3d/rig';
import type { Heightfield } from '../../walk3d/terrain3d';
import { terrainWalkMeta } from './meta';
import { defineDemo } from '../contract';
import { CurveBuffer } from '../shared/curve-buffer';
import { Every, FORMULA_PERIOD } from '../shared/every';
import { deg, num, tex } from '../shared/format';
import { RecentMax } from '../shared/recent-max';
import { type TerrainChoice, TERRAINS } from '../shared/terrains-3d';
import { TURN_ACTIONS, turnInput } from '../shared/walk-input';
import { BvhControls, sectionToggle, terrainChoice } from '../shared/walk3d-controls';
import { CAMERA_KEY_HELP, STAGE_WORLD, Walk3DStage } from '../shared/walk3d-stage';

/** Foot-path points kept per foot, one every 1/60 s of demo time: the last six seconds. */
const TRAIL = 360;
const TRAIL_STEP = 1 / 60;
/** The worst planted gaps are reported over this many seconds. */
const WINDOW_SECONDS = 5;
const TRAIL_COLORS = [rgba(222, 120, 60), rgba(70, 120, 215)];

/**
 * Lesson 12: terrain from elevation functions and the software renderer that draws it (seed 000
 * §8, §13.1). The walker plays its clips with no IK: its root follows the ground under its hips,
 * so its feet sink into rises and hang over dips; the readouts measure by how much. The student
 * turns and stops it, changes the terrain, the shading, the projection, looks at the depth
 * buffer, and drops their own BVH walk.
 */
export const terrainWalkDemo = defineDemo({
  ...terrainWalkMeta,
  create({ controls }, params) {
    let terrain = params.terrain as TerrainChoice;
    const stage = new Walk3DStage({ terrains: [], pitch: 0.2, viewHeight: 18, followFacing: true });
    const { view } = stage;
    const camera = view.camera;
    const fieldCache = new Map<TerrainChoice, Heightfield[]>();
    let feet: FootGap[] = [];
    const formulas = new Every(FORMULA_PERIOD);
    const trails = TRAIL_COLORS.map((color) => new CurveBuffer(color, 3, TRAIL));
    const worstSink = new RecentMax(WINDOW_SECONDS);
    const worstFloat = new RecentMax(WINDOW_SECONDS);
    let sinceTrail = Infinity;
    const marks = [0, 1].map((row) => newMark('', row));

    const setTerrain = (t: TerrainChoice) => {
      terrain = t;
      let fields = fieldCache.get(t);
      if (!fields) fieldCache.set(t, (fields = TERRAINS[t].fields()));
      stage.setTerrains(fields, TERRAINS[t].names);
      home();
    };
    const home = () => {
      const w = stage.walker;
      w.position[0] = TERRAINS[terrain].start[0];
      w.position[1] = TERRAINS[terrain].start[1];
      w.facing = 0;
      w.settle();
      clearTrails();
      stage.aim();
    };
    const clearTrails = () => {
      for (const t of trails) t.count = 0;
      worstSink.clear();
      worstFloat.clear();
    };
    const useFeet = () => {
      feet = findFeet(stage.walker.skeleton);
      calibrateFeet(feet, stage.walker);
      clearTrails();
    };

    setTerrain(terrain);
    useFeet();
    view.renderer.shading = params.shading as Shading;
    view.showDepth = params.depth;
    view.smoothEdges = params.edges;
    view.curves.push(...(params.trails ? trails : []));

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
    controls.choice({
      id: 'shading',
      label: 'Shading',
      options: SHADINGS,
      value: view.renderer.shading,
      onChange: (v) => (view.renderer.shading = v as Shading),
    });
    controls.toggle({
      id: 'edges',
      label: 'Smooth the edges',
      value: view.smoothEdges,
      onChange: (v) => (view.smoothEdges = v),
    });
    sectionToggle(controls, camera, params.section);
    stage.addAimChoice(controls, params.aim === 'feet' ? 'feet' : 'hips');
    controls.toggle({
      id: 'depth',
      label: 'Show the depth buffer',
      value: view.showDepth,
      onChange: (v) => (view.showDepth = v),
    });
    controls.toggle({
      id: 'trails',
      label: 'Foot paths',
      value: params.trails,
      onChange: (v) => {
        view.curves.length = 0;
        if (v) view.curves.push(...trails);
      },
    });
    const bvhControls = new BvhControls(controls, stage, afterLoad, () => {
      stage.resetRig();
      useFeet();
    });

    const gapOut = [0, 1].map((k) =>
      controls.readout({
        id: `${k ? 'right' : 'left'}-gap`,
        label: `${k ? 'right' : 'left'} foot above ground`,
      }),
    );
    const worstOut = controls.readout({ id: 'worst', label: 'planted feet, last 5 s' });
    const groundOut = controls.readout({ id: 'ground', label: 'ground under the hips' });
    const whereOut = controls.readout({ id: 'position', label: 'walker at (x, y), facing' });
    const trianglesOut = controls.readout({ id: 'triangles', label: 'triangles drawn' });
    const perfOut = controls.readout({ id: 'perf', label: 'frame time' });
    const terrainTex = controls.formula({ id: 'terrain' });
    const maxTex = controls.formula({ id: 'max' });
    const projectTex = controls.formula({ id: 'project' });
    const lambertTex = controls.formula({ id: 'lambert' });

    function afterLoad(result: { ok: boolean; message: string }): { ok: boolean; message: string } {
      if (result.ok) {
        useFeet();
        const missing = (['left', 'right'] as const).filter((s) => !feet.some((f) => f.side === s));
        if (missing.length)
          result.message += ` Warning: no ${missing.join(' or ')} foot (a joint named …Foot or …Ankle on that side): its gap is not measured.`;
      }
      return result;
    }

    function measure(dt: number): void {
      const w = stage.walker;
      measureFeet(feet, w, stage.terrain, RIG_HEIGHT);
      let sink = 0;
      let float = 0;
      // Paths get a point every 1/60 s of demo time, so they are as long at 30 or 144 Hz.
      sinceTrail += dt;
      const addPoint = sinceTrail >= TRAIL_STEP;
      if (addPoint) sinceTrail = 0;
      feet.forEach((foot, k) => {
        const trail = trails[k]!;
        if (addPoint) {
          if (trail.count === TRAIL) {
            trail.points.copyWithin(0, 3);
            trail.count--;
          }
          trail.points.set(foot.lowest, 3 * trail.count++);
        }
        const g = foot.gap;
        const state = !Number.isFinite(g)
          ? 'off every terrain'
          : !foot.planted
            ? 'swinging'
            : g < -0.05
              ? 'planted, in the ground'
              : g > 0.05
                ? 'planted, floating'
                : 'planted, on the ground';
        const out = gapOut[foot.side === 'left' ? 0 : 1]!;
        out.set(Number.isFinite(g) ? `${g >= 0 ? '+' : ''}${num(g, 2)} (${state})` : state);
        const mark = marks[k]!;
        if (foot.planted && Number.isFinite(g) && Math.abs(g) > 0.05) {
          if (g < 0) sink = Math.max(sink, -g);
          else float = Math.max(float, g);
          mark.from.set(foot.lowest);
          mark.to.set(foot.lowest);
          mark.to[2] = foot.ground;
          mark.color = g < 0 ? '#d03030' : '#2f6fd0';
          mark.text = `${foot.side}: ${g < 0 ? 'in the ground' : 'floating'} ${num(Math.abs(g), 2)}`;
        } else mark.text = '';
      });
      // A side this skeleton has no foot on says so, rather than keep the last rig's value.
      (['left', 'right'] as const).forEach((side, k) => {
        if (!feet.some((f) => f.side === side)) gapOut[k]!.set(`no ${side} foot in this skeleton`);
      });
      view.marks.length = 0;
      for (const m of marks) if (m.text) view.marks.push(m);
      // The last 5 s of walking: paused (play rate 0), nothing ages out of the window.
      const walked = w.playRate > 0 ? dt : 0;
      worstSink.add(sink, walked);
      worstFloat.add(float, walked);
      if (!feet.length) worstOut.set('no feet found in this skeleton');
      else
        worstOut.set(
          `in the ground up to ${num(worstSink.value, 2)}, floating up to ${num(worstFloat.value, 2)}`,
        );
      // Kept on the picture too, beside the walker.
      stage.cornerNote = feet.length
        ? `planted feet, 5 s: in the ground ${num(worstSink.value, 2)} · floating ${num(worstFloat.value, 2)}`
        : '';
    }

    const hip = new Float64Array(3);
    const screen = { x: 0, y: 0, visible: false };
    function show(dt: number): void {
      const w = stage.walker;
      const x = w.position[0]!;
      const y = w.position[1]!;
      const which = stage.terrain.highestAt(x, y);
      groundOut.set(
        which < 0
          ? 'off every terrain (the walker stands at height 0)'
          : `${num(w.position[2]!, 2)} (${TERRAINS[terrain].names[which]})`,
      );
      whereOut.set(`(${num(x, 1)}, ${num(y, 1)}), ${deg(w.facing, 0)}`);
      trianglesOut.set(String(view.renderer.raster.triangles));
      perfOut.set(stage.perfText());
      if (!formulas.tick(dt)) return;
      terrainTex.set(
        `h(x, y) = \\sum_{i=1}^{N} \\frac{s_i}{\\sigma_i\\sqrt{2\\pi}}\\, e^{-\\frac{(x-\\mu_{x,i})^2 + (y-\\mu_{y,i})^2}{2\\sigma_i^2}}, \\quad h(${tex(x, 1)},\\, ${tex(y, 1)}) = ${which < 0 ? '\\text{none}' : tex(w.position[2]!, 2)}`,
      );
      const per = stage.terrain.fields.map((_, k) => {
        const z = stage.terrain.fieldHeight(k, x, y);
        return Number.isFinite(z) ? tex(z, 2) : '-\\infty';
      });
      maxTex.set(
        `h_W(x, y) = \\max_k \\big( c_k\\, h_k\\big(\\tfrac{x - a_k}{s_k}, \\tfrac{y - b_k}{t_k}\\big) + d_k \\big) = \\max(${per.join(',\\,')})`,
      );
      w.jointPosition(0, hip);
      view.renderer.project(hip[0]!, hip[1]!, hip[2]!, screen);
      projectTex.set(
        `p_{\\text{clip}} = P\\,V\\,p, \\quad (x_s, y_s) = \\Big(\\tfrac{x_c/w_c + 1}{2} W,\\ \\tfrac{1 - y_c/w_c}{2} H\\Big) = (${tex(screen.x, 0)},\\, ${tex(screen.y, 0)})\\ \\text{for the hips}`,
      );
      const shading = view.renderer.shading;
      lambertTex.set(
        shading === 'flat'
          ? `c = c_0 \\quad \\text{(flat: every face its own colour, no light)}`
          : shading === 'lambert'
            ? `c = c_0 \\big(a + (1 - a)\\max(0,\\ \\hat n \\cdot \\hat l)\\big), \\quad a = 0.38\\ \\text{(per face)}`
            : `c = c_0 \\big(a + (1 - a)\\max(0,\\ \\hat n_v \\cdot \\hat l)\\big)\\ \\text{at each vertex, blended: } c_p = \\textstyle\\sum_k \\lambda_k c_k`,
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
        stage.walker.turn = -steering.direction; // left (counter-clockwise) is +1
        stage.update(dt);
        measure(dt);
        show(dt);
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
        ...stage.playbackParams(),
        shading: view.renderer.shading,
        edges: view.smoothEdges,
        section: camera.section !== null,
        aim: stage.aimAt,
        depth: view.showDepth,
        trails: view.curves.length > 0,
      }),
    };
  },
});
