import type { CanvasColors } from '../../render/theme-colors.ts';
import { terrainGeometry } from '../../render/raster/walk3d-geometry.ts';
import { Walk3DView } from '../../render/raster/walk3d-view.ts';
import { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { Character } from '../../walk3d/character.ts';
import { jointNodeType, jointTree, JointNode } from '../../walk3d/joint-tree.ts';
import { recutRig, type Rig, rigFromBvh } from '../../walk3d/rig.ts';
import { TerrainNode, terrainNodeType } from '../../walk3d/terrain-node.ts';
import { type Heightfield, TerrainSet } from '../../walk3d/terrain3d.ts';
import type { Walker } from '../../walk3d/walker.ts';
import { findLegs } from '../../walk3d/walk-analysis.ts';
import { StageCamera } from './stage-camera.ts';
import { stackMarkLabels } from './mark-labels.ts';
import { type CharacterKind, PLAIN_WALKER, shippedRig } from './stage-character.ts';
import { acceptRig, notBvh, type RigLoad, rigFromWorker } from './stage-rig-loading.ts';
import type { StageSay } from './walk3d-fragments.ts';

export { type CharacterKind, PLAIN_WALKER, shippedRig, striderRig } from './stage-character.ts';
export { CAMERA_KEY_HELP, STAGE_WORLD } from './walk3d-fragments.ts';

/**
 * What the 3D lessons share: a character on its terrains, its joints as scene nodes, the
 * software renderer's view with a camera that follows the character, and the camera's inputs
 * (`orbit`: drag to orbit, wheel, pinch or buttons to zoom, keys). A student's BVH replaces the
 * character in place.
 */
export class Walk3DStage<C extends Character = Walker> {
  readonly root = new Node2D('World');
  readonly view = new Walk3DView();
  readonly terrain = new TerrainSet();
  readonly orbit: StageCamera;
  rig: Rig;
  walker: C;
  joints: JointNode[] = [];
  /** How the scene panel describes this stage's joints and terrains. */
  readonly nodeTypes = [jointNodeType, terrainNodeType];
  /** Orbit relative to the walker's facing (followFacing) or to the world. */
  followFacing: boolean;
  private character = new Node('Character');
  private readonly terrainNodes = new Node('Terrains');
  private fps = 0;
  private readonly kind: CharacterKind<C>;
  private readonly say: StageSay;
  /** What the camera looks at: the hips (the whole figure) or between the feet. */
  aimAt: 'hips' | 'feet' = 'hips';
  /** Lines the lesson keeps on the picture under the frame time ('' for none). */
  cornerNote = '';
  /** The ankles (the legs' end joints), for aiming at the feet; none when the rig has no legs. */
  private feet: number[] = [];
  /** The character's name in the scene panel: the file it came from. */
  private label: string;

  constructor(o: {
    terrains: Heightfield[];
    pitch: number;
    viewHeight: number;
    followFacing: boolean;
    kind?: CharacterKind<C>;
    /** The figure's strings (its description spreads STAGE_STRINGS). */
    say: StageSay;
  }) {
    this.kind = o.kind ?? (PLAIN_WALKER as unknown as CharacterKind<C>);
    this.say = o.say;
    this.followFacing = o.followFacing;
    const camera = this.view.camera;
    this.orbit = new StageCamera(camera, o.pitch, () => this.aim());
    camera.viewHeight = o.viewHeight;
    // The perspective eye as far as shows the same height at the target as the orthographic view.
    camera.distance = o.viewHeight / (2 * Math.tan(camera.fovY / 2));
    this.setTerrains(o.terrains, []);
    this.rig = shippedRig();
    this.walker = this.kind.make(this.rig, this.terrain);
    this.view.addWalker(this.walker);
    this.root.addChild(this.character);
    this.label = this.say('humanoid');
    this.buildJointTree(this.label);
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
  loadBvh(name: string, text: string): RigLoad {
    return notBvh(name, this.say) ?? this.accept(name, () => rigFromBvh(text));
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
  ): Promise<RigLoad> {
    const bad = notBvh(name, this.say);
    if (bad) return bad;
    const rig = await rigFromWorker(name, source, onProgress, signal, this.say);
    return 'ok' in rig ? rig : this.accept(name, () => rig);
  }

  /** The loaded capture with frames [from, to) of its whole clip as the walk cycle. */
  recut(range: [number, number]): RigLoad {
    return this.accept(this.label, () => recutRig(this.rig, range));
  }

  private accept(name: string, make: () => Rig): RigLoad {
    const warnings = (c: C) => this.kind.warnings?.(c) ?? [];
    return acceptRig(name, make, (rig) => this.useRig(rig, name), warnings, this.say);
  }

  /** The character made again for the rig it has (its kind reads something new when made). */
  rebuild(): void {
    this.useRig(this.rig, this.label);
  }

  /** Back to the shipped humanoid. */
  resetRig(): void {
    this.useRig(shippedRig(), this.say('humanoid'));
  }

  private useRig(rig: Rig, label: string): C {
    const old = this.walker;
    const w = this.kind.make(rig, this.terrain);
    this.rig = rig;
    this.label = label;
    this.kind.carry(old, w);
    this.walker = w;
    this.view.walkers.length = 0;
    this.view.addWalker(w);
    this.buildJointTree(label);
    return w;
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
    c.yaw = (this.followFacing ? this.walker.facing : 0) + this.orbit.yawOffset;
  }

  draw(ctx: CanvasRenderingContext2D, w: number, h: number, dpr: number, colors: CanvasColors) {
    // The last frame's cost, written on the picture itself (the readout below has the split),
    // and the lesson's own lines (the feet), so they stay in view beside the walker: in the
    // top-left corner, wrapped clear of the page's buttons at the top right.
    const t = this.view.times;
    const ms = (t.transform + t.raster + t.edges + t.upload).toFixed(1);
    const cost = this.say('frameCost', { ms, fps: Math.round(this.fps) });
    this.view.corner = this.cornerNote ? `${cost}\n${this.cornerNote}` : cost;
    stackMarkLabels(this.view);
    this.view.draw(ctx, w, h, dpr, colors);
  }

  /** The labels the last frame wrote on the picture (CSS pixels), for checks of the page. */
  labelBoxes(): { x: number; y: number; width: number; height: number }[] {
    return this.view.labelBoxes();
  }

  /** "7.1 ms (transform 0.3, raster 5.2, edges 1.0, upload 0.6) · 60 fps" */
  perfText(): string {
    const t = this.view.times;
    const f = (v: number) => v.toFixed(1);
    return this.say('perf', {
      total: f(t.transform + t.raster + t.edges + t.upload),
      transform: f(t.transform),
      raster: f(t.raster),
      edges: f(t.edges),
      upload: f(t.upload),
      fps: Math.round(this.fps),
    });
  }

  /** The scene panel's hovered or selected joint, marked in the picture. */
  highlight(node: Node | null): void {
    this.view.highlight = node instanceof JointNode ? node.joint : -1;
  }
}

const AIM = new Float64Array(3);
