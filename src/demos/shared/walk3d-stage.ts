import { findLegs } from '../../walk3d/walk-analysis';
import { PLAYBACK_PARAMS } from './shared-params';
import { PROJECTIONS, type Projection } from '../../render/raster/orbit-camera';
import type { CanvasColors } from '../../render/theme-colors';
import type { Vec2 } from '../../math/vec2';
import { terrainGeometry } from '../../render/raster/walk3d-geometry';
import { Walk3DView } from '../../render/raster/walk3d-view';
import { Node } from '../../scene/node';
import { Node2D } from '../../scene/node2d';
import { BvhError } from '../../walk3d/bvh';
import { jointNodeType, jointTree, JointNode } from '../../walk3d/joint-tree';
import type { Character } from '../../walk3d/character';
import { recutRig, type Rig, rigFromBvh } from '../../walk3d/rig';
import { TerrainNode, terrainNodeType } from '../../walk3d/terrain-node';
import { type Heightfield, TerrainSet } from '../../walk3d/terrain3d';
import { Walker } from '../../walk3d/walker';
import type { ControlPanel, ValueControl } from '../contract';
import { paramSlider } from './param-slider';
import { shippedClip } from './shipped-clips';

/** The figure's shape in "world" units: the page maps pointer positions into this rect. */
export const STAGE_WORLD = { x: 0, y: 0, width: 960, height: 540 };

let shipped: Rig | null = null;
/** The course's humanoid, read from the shipped BVH clips once per page. */
export function shippedRig(): Rig {
  shipped ??= rigFromBvh(shippedClip('walk'), shippedClip('idle'));
  return shipped;
}

let strider: Rig | null = null;
/** The long-legged second character of lesson 15, read once per page. */
export function striderRig(): Rig {
  strider ??= rigFromBvh(shippedClip('strider-walk'), shippedClip('strider-idle'));
  return strider;
}

export const CAMERA_KEY_HELP = 'J L orbit, I K tilt, + − zoom, 0 back to the side view.';

/**
 * How a stage makes its character from a rig, and what a new character takes over from the old
 * one when a student's BVH replaces it.
 */
export interface CharacterKind<C extends Character> {
  make(rig: Rig, terrain: TerrainSet): C;
  /** Brings `next` to where `old` is (position, facing, playback). */
  carry(old: C, next: C): void;
  /** The character after its terrain changed under it. */
  settle(c: C): void;
  /** What the character's own analysis of its clip warns of (the walking system's validator). */
  warnings?(c: C): readonly string[];
}

/** The plain walker of lessons 11 and 12. */
export const PLAIN_WALKER: CharacterKind<Walker> = {
  make(rig, terrain) {
    const w = new Walker(rig.skeleton, rig.walk, rig.idle, terrain);
    w.scale = rig.scale;
    w.settle();
    return w;
  },
  carry(old, w) {
    w.position.set(old.position);
    w.facing = old.facing;
    w.walking = old.walking;
    w.weight = old.weight;
    w.playRate = old.playRate;
    w.scrub = old.scrub;
    w.walkTime = old.walkTime;
    w.settle();
  },
  settle: (w) => w.settle(),
};

/**
 * What the 3D lessons share: a character on its terrains, its joints as scene nodes, the
 * software renderer's view with a camera that follows the character, and the camera's inputs
 * (drag to orbit, wheel, pinch or buttons to zoom, keys). A student's BVH replaces the
 * character in place.
 */
export class Walk3DStage<C extends Character = Walker> {
  readonly root = new Node2D('World');
  readonly view = new Walk3DView();
  readonly terrain = new TerrainSet();
  rig: Rig;
  walker: C;
  joints: JointNode[] = [];
  /** How the scene panel describes this stage's joints and terrains. */
  readonly nodeTypes = [jointNodeType, terrainNodeType];
  /** Where the camera starts and returns to ("side view"): raised a little to see the ground. */
  homePitch: number;
  /** Orbit relative to the walker's facing (followFacing) or to the world. */
  yawOffset = 0;
  followFacing: boolean;
  private character = new Node('Character');
  private readonly terrainNodes = new Node('Terrains');
  private drag: Vec2 | null = null;
  private walkingToggle: ValueControl<boolean> | null = null;
  private fps = 0;
  private readonly kind: CharacterKind<C>;
  /** What the camera looks at: the hips (the whole figure) or between the feet. */
  aimAt: 'hips' | 'feet' = 'hips';
  /** Lines the lesson keeps on the picture under the frame time ('' for none). */
  cornerNote = '';
  /** The ankles (the legs' end joints), for aiming at the feet; none when the rig has no legs. */
  private feet: number[] = [];
  /** The character's name in the scene panel: the file it came from. */
  private label = 'Humanoid (walk.bvh)';

  constructor(o: {
    terrains: Heightfield[];
    pitch: number;
    viewHeight: number;
    followFacing: boolean;
    kind?: CharacterKind<C>;
  }) {
    this.kind = o.kind ?? (PLAIN_WALKER as unknown as CharacterKind<C>);
    this.homePitch = o.pitch;
    this.followFacing = o.followFacing;
    this.view.camera.pitch = o.pitch;
    this.view.camera.viewHeight = o.viewHeight;
    // The perspective eye as far as shows the same height at the target as the orthographic view.
    this.view.camera.distance = o.viewHeight / (2 * Math.tan(this.view.camera.fovY / 2));
    this.setTerrains(o.terrains, []);
    this.rig = shippedRig();
    this.walker = this.kind.make(this.rig, this.terrain);
    this.view.addWalker(this.walker);
    this.root.addChild(this.character);
    this.buildJointTree('Humanoid (walk.bvh)');
  }

  /** The scene node holding the character's joints (replaced when a BVH is loaded). */
  get characterNode(): Node {
    return this.character;
  }

  /** Replaces the terrains (names for the scene panel, one per field). */
  setTerrains(fields: Heightfield[], names: string[]): void {
    this.terrain.fields.length = 0;
    this.view.terrains.length = 0;
    for (const c of [...this.terrainNodes.children]) this.terrainNodes.removeChild(c);
    // A terrain-less stage (the skeleton lesson) lists no empty Terrains node.
    if (fields.length && !this.terrainNodes.parent) this.root.addChild(this.terrainNodes, 0);
    if (!fields.length && this.terrainNodes.parent) this.root.removeChild(this.terrainNodes);
    fields.forEach((f, i) => {
      this.terrain.add(f);
      this.view.terrains.push(terrainGeometry(f));
      this.terrainNodes.addChild(new TerrainNode(names[i] ?? `Terrain${i + 1}`, f));
    });
    if (this.walker) this.kind.settle(this.walker);
    this.view.ground = fields.length ? (x, y) => this.terrain.heightAt(x, y) : null;
  }

  /**
   * Reads a student's BVH and, when it is good, puts its character where the old one stood.
   * Returns what to tell the student: what was loaded and any warnings, or what was wrong
   * (with the line number); on an error the running character is left as it was.
   */
  loadBvh(name: string, text: string): { ok: boolean; message: string } {
    return this.notBvh(name) ?? this.accept(name, () => rigFromBvh(text));
  }

  /**
   * loadBvh for a large file: read in a worker, with `onProgress` told each stage and the share
   * done. Aborting `signal` stops the reading; the walker keeps its clip.
   */
  async loadBvhInWorker(
    name: string,
    source: string | Blob,
    onProgress: (stage: string, fraction: number) => void,
    signal: AbortSignal,
  ): Promise<{ ok: boolean; message: string }> {
    const bad = this.notBvh(name);
    if (bad) return bad;
    const { rigInWorker } = await import('../../walk3d/load-rig');
    let rig: Rig;
    try {
      rig = await rigInWorker(source, onProgress, signal);
    } catch (e) {
      const why = (e as Error).name === 'AbortError' ? 'you stopped it' : (e as Error).message;
      return { ok: false, message: `${name} was not loaded: ${why}. The walker keeps its clip.` };
    }
    return this.accept(name, () => rig);
  }

  /** The loaded capture with frames [from, to) of its whole clip as the walk cycle. */
  recut(range: [number, number]): { ok: boolean; message: string } {
    return this.accept(this.label, () => recutRig(this.rig, range));
  }

  private notBvh(name: string): { ok: false; message: string } | null {
    return /\.bvh$/i.test(name)
      ? null
      : { ok: false, message: `${name} is not a .bvh file: drop a BVH motion-capture file.` };
  }

  /** Makes the rig and its character; on success, says what was loaded and what it warns of. */
  private accept(name: string, make: () => Rig): { ok: boolean; message: string } {
    let rig: Rig;
    try {
      rig = make();
      // Making the character may refuse the rig too (the IK walker needs legs it can name).
      this.useRig(rig, name);
    } catch (e) {
      const what = e instanceof BvhError ? e.message : (e as Error).message;
      return { ok: false, message: `${name} was not loaded: ${what}. The walker keeps its clip.` };
    }
    const src = rig.source;
    const info = `Loaded ${name}: ${rig.skeleton.count} joints, ${src.frames} frames at ${Math.round(src.fps)} fps.`;
    // What was done to make it a walk: resampled, which frames are the cycle, which the idle.
    const notes = rig.notes.map((n) => `${n[0]!.toUpperCase()}${n.slice(1)}.`);
    // Which names the legs were found by, or why none were: the walking lessons need them.
    const legs = findLegs(rig.skeleton, rig.scale);
    const legLine =
      typeof legs === 'string'
        ? `Warning: no two legs found (${legs}); the walking system cannot use this rig.`
        : `Legs found by name: ${legs.naming}.`;
    // The rig's own checks, then whatever the character's analysis adds (hinge axes, …).
    const all = [...rig.warnings, ...(this.kind.warnings?.(this.walker) ?? [])];
    const warnings = [...new Set(all)].map((w) => `Warning: ${w}.`);
    return { ok: true, message: [info, ...notes, legLine, ...warnings].join(' ') };
  }

  /** The character made again for the rig it has (its kind reads something new when made). */
  rebuild(): void {
    this.useRig(this.rig, this.label);
  }

  /** Back to the shipped humanoid. */
  resetRig(): void {
    this.useRig(shippedRig(), 'Humanoid (walk.bvh)');
  }

  private useRig(rig: Rig, label: string): void {
    const old = this.walker;
    const w = this.kind.make(rig, this.terrain);
    this.rig = rig;
    this.label = label;
    this.kind.carry(old, w);
    this.walker = w;
    this.view.walkers.length = 0;
    this.view.addWalker(w);
    this.buildJointTree(label);
  }

  /** A "Camera on" choice: the whole figure, or the feet (zoom then closes on them). */
  addAimChoice(controls: ControlPanel, value: 'hips' | 'feet'): void {
    this.aimAt = value;
    controls.choice({
      id: 'aim',
      label: 'Camera on',
      options: ['hips', 'feet'],
      value,
      onChange: (v) => {
        this.aimAt = v === 'feet' ? 'feet' : 'hips';
        this.aim();
      },
    });
  }

  private buildJointTree(label: string): void {
    const legs = findLegs(this.rig.skeleton, this.rig.scale);
    this.feet = typeof legs === 'string' ? [] : legs.legs.map((l) => l.ee);
    this.root.removeChild(this.character);
    this.character = new Node(label);
    this.joints = jointTree(this.character, this.rig.skeleton, () => ({
      pose: this.walker.pose,
      matrices: this.walker.matrices,
      scale: this.rig.scale,
    }));
    this.root.addChild(this.character);
  }

  /** One frame: the walker, then the camera on it. */
  update(dt: number): void {
    this.walker.update(dt);
    if (dt > 0) this.fps = this.fps ? this.fps * 0.9 + 0.1 / dt : 1 / dt;
    this.aim();
  }

  /** Points the camera at the walker's middle (or its feet), turned with it when it follows its facing. */
  aim(): void {
    const c = this.view.camera;
    this.walker.aimPoint(c.target);
    if (this.aimAt === 'feet' && this.feet.length) {
      // Half way between the ankles, at their height: zooming in closes on the feet.
      c.target.fill(0);
      for (const j of this.feet) {
        this.walker.jointPosition(j, AIM);
        for (let k = 0; k < 3; k++) c.target[k] = c.target[k]! + AIM[k]! / this.feet.length;
      }
    }
    c.yaw = (this.followFacing ? this.walker.facing : 0) + this.yawOffset;
  }

  draw(ctx: CanvasRenderingContext2D, w: number, h: number, dpr: number, colors: CanvasColors) {
    // The last frame's cost, written on the picture itself (the readout below has the split),
    // and the lesson's own lines (the feet), so they stay in view beside the walker.
    const t = this.view.times;
    const cost = `${(t.transform + t.raster + t.edges + t.upload).toFixed(1)} ms · ${Math.round(this.fps)} fps`;
    this.view.corner = this.cornerNote ? `${cost}\n${this.cornerNote}` : cost;
    this.view.draw(ctx, w, h, dpr, colors);
  }

  /** "7.1 ms (transform 0.3, raster 5.2, edges 1.0, upload 0.6) · 60 fps" */
  perfText(): string {
    const t = this.view.times;
    const total = t.transform + t.raster + t.edges + t.upload;
    const f = (v: number) => v.toFixed(1);
    return `${f(total)} ms (transform ${f(t.transform)}, raster ${f(t.raster)}, edges ${f(t.edges)}, upload ${f(t.upload)}) · ${Math.round(this.fps)} fps`;
  }

  /**
   * Applies the shared parameters and adds their controls: walking (or idle), play rate, the
   * projection, and the camera's side-view and zoom buttons (the touch screen's way to zoom).
   * A character loaded later keeps these settings.
   */
  addPlaybackControls(
    controls: ControlPanel,
    p: { walking: boolean; playRate: number; projection: string },
    walkingLabel: string,
  ): void {
    const w = this.walker;
    const camera = this.view.camera;
    w.walking = p.walking;
    w.weight = p.walking ? 1 : 0;
    w.playRate = p.playRate;
    camera.projection = p.projection as Projection;
    this.walkingToggle = controls.toggle({
      id: 'walking',
      label: walkingLabel,
      value: w.walking,
      onChange: (v) => (this.walker.walking = v),
    });
    paramSlider(controls, 'playRate', PLAYBACK_PARAMS.playRate, w.playRate, (v) => {
      this.walker.playRate = v;
    });
    controls.choice({
      id: 'projection',
      label: 'Projection',
      options: PROJECTIONS,
      value: camera.projection,
      onChange: (v) => (camera.projection = v as Projection),
    });
    controls.button({ id: 'side', label: 'Side view', onClick: () => this.sideView() });
    controls.button({ id: 'zoomIn', label: 'Zoom in', onClick: () => camera.zoom(0.8) });
    controls.button({ id: 'zoomOut', label: 'Zoom out', onClick: () => camera.zoom(1.25) });
  }

  /** ↑ walks and ↓ stops (seed 000's keys), the toggle following. */
  walkKey(key: string, down: boolean): boolean {
    if (key !== 'ArrowUp' && key !== 'ArrowDown') return false;
    if (down) {
      this.walker.walking = key === 'ArrowUp';
      this.walkingToggle?.set(this.walker.walking);
    }
    return true;
  }

  /** The shared parameters as they are now, for share links. */
  playbackParams(): { walking: boolean; playRate: number; projection: string } {
    return {
      walking: this.walker.walking,
      playRate: this.walker.playRate,
      projection: this.view.camera.projection,
    };
  }

  /**
   * Drag anywhere on the figure to orbit (mouse, touch or pen). Measured in stage units (the
   * figure is 960 wide whatever its size on screen), so a drag across the whole figure turns the
   * camera about 330° on a phone and on a wide screen alike.
   */
  pointer(kind: 'down' | 'move' | 'up', p: Vec2): void {
    if (kind === 'down') this.drag = { x: p.x, y: p.y };
    else if (kind === 'move' && this.drag) {
      this.yawOffset -= (p.x - this.drag.x) * 0.006;
      this.view.camera.pitch = clampPitch(this.view.camera.pitch + (p.y - this.drag.y) * 0.006);
      this.drag = { x: p.x, y: p.y };
      this.aim();
    } else this.drag = null;
  }

  /** Two fingers: spreading them zooms in (factor below 1), as on any map. */
  pinch(factor: number): void {
    this.view.camera.zoom(factor);
  }

  wheel(deltaY: number): void {
    this.view.camera.zoom(Math.exp(Math.max(-200, Math.min(200, deltaY)) * 0.0015));
  }

  /** Camera keys, 15° a press (held keys repeat). */
  cameraKey(key: string, down: boolean): boolean {
    const step = Math.PI / 12;
    const c = this.view.camera;
    const actions: Record<string, () => void> = {
      j: () => (this.yawOffset += step),
      l: () => (this.yawOffset -= step),
      i: () => (c.pitch = clampPitch(c.pitch + step)),
      k: () => (c.pitch = clampPitch(c.pitch - step)),
      '+': () => c.zoom(0.8),
      '=': () => c.zoom(0.8),
      '-': () => c.zoom(1.25),
      '0': () => this.sideView(),
      Home: () => this.sideView(),
    };
    const act = actions[key];
    if (!act) return false;
    if (down) {
      act();
      this.aim();
    }
    return true;
  }

  sideView(): void {
    this.yawOffset = 0;
    this.view.camera.pitch = this.homePitch;
    this.aim();
  }

  /** The scene panel's hovered or selected joint, marked in the picture. */
  highlight(node: Node | null): void {
    this.view.highlight = node instanceof JointNode ? node.joint : -1;
  }
}

const AIM = new Float64Array(3);
const clampPitch = (p: number) => Math.max(-1.4, Math.min(1.4, p));
