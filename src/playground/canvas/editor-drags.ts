import type { Vec2 } from '../../math/vec2.ts';
import { niceStep } from '../../render/scene-view.ts';
import type { Viewport } from '../../render/viewport.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import type { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { PointerDetail } from '../../ui/figure-input.ts';
import type { SceneEditor } from '../editor/scene-editor.ts';
import { boneFromDrag } from './bone-tool.ts';
import { dragResult, type DragStart, dragStart, GIZMO, partAt, type Tool } from './gizmo.ts';
import { pickNode } from './hit-test.ts';

type Drag =
  | { kind: 'gizmo'; node: Node2D; start: DragStart }
  | { kind: 'bone'; bone: Bone2D; parent: Node; from: Vec2; startPx: Vec2 }
  | { kind: 'pan'; last: Vec2; moved: number };

/** What the drags read and move: the scene, the view, the tool, the camera. */
export interface DragHost {
  readonly editor: SceneEditor;
  readonly viewport: Viewport;
  readonly tool: Tool;
  /** Moves the camera with a drag of (dx, dy) screen pixels. */
  pan(dx: number, dy: number): void;
}

const GIZMO_LABEL: Record<string, string> = { free: 'Move', x: 'Move', y: 'Move', ring: 'Rotate' };

/** Below this many pixels a press and release is a click, not a drag. */
const CLICK_PX = 4;

/**
 * The editor canvas's drags, fed by the gesture module (figure-input): a press picks what it
 * drags (a part of the selected node's gizmo, a node, a new bone, or the view itself), moves
 * change it, and the release makes the edit one undo step. A cancelled pointer puts it back;
 * a second finger ends it where it was (the pinch zooms).
 */
export class EditorDrags {
  private drag: Drag | null = null;
  /** What the drag changes, written beside the pointer. */
  readout: { text: string; at: Vec2 } | null = null;

  constructor(private readonly host: DragHost) {}

  get active(): boolean {
    return this.drag !== null;
  }

  pointer(kind: 'down' | 'move' | 'up', at: Vec2, d: PointerDetail): void {
    if (kind === 'down') this.down(at, d);
    else if (kind === 'move') this.move(at, d);
    else this.up(at, d);
  }

  down(at: Vec2, d: PointerDetail): void {
    if (this.drag) return;
    const { editor, viewport, tool } = this.host;
    if (d.button === 1) return this.startPan(d.screen);
    if (tool === 'bone') return this.startBone(at, d.screen);
    const selected = editor.selected;
    if (selected instanceof Node2D && selected.root === editor.root) {
      const part = partAt(tool, selected, d.screen, (q) => viewport.toScreen(q));
      if (part) return this.startGizmo(selected, part, at);
    }
    const hit = pickNode(editor.root, at, 1 / viewport.scale);
    if (hit) editor.select(hit);
    const movable = hit instanceof Node2D && hit !== editor.root;
    if (movable && (tool === 'select' || tool === 'move')) this.startGizmo(hit, 'free', at);
    else this.startPan(d.screen);
  }

  move(at: Vec2, d: PointerDetail): void {
    const drag = this.drag;
    if (drag?.kind === 'pan') {
      const p = d.screen;
      this.host.pan(p.x - drag.last.x, p.y - drag.last.y);
      drag.moved += Math.abs(p.x - drag.last.x) + Math.abs(p.y - drag.last.y);
      drag.last = p;
    } else if (drag?.kind === 'gizmo') this.moveGizmo(drag, at, d.shift);
    else if (drag?.kind === 'bone') this.moveBone(drag, at, d.shift);
  }

  up(at: Vec2, d: PointerDetail): void {
    const drag = this.drag;
    if (!drag) return;
    if (d.end === 'pinch') return this.end(false);
    const cancelled = d.end === 'cancel';
    const { editor, viewport } = this.host;
    if (drag.kind === 'pan' && drag.moved < CLICK_PX && !cancelled) {
      // A click on empty canvas: nothing selected.
      if (!pickNode(editor.root, at, 1 / viewport.scale)) editor.select(null);
    }
    if (drag.kind === 'bone' && !cancelled && drag.parent.root === editor.root)
      return this.finishBone(drag, at, d.screen);
    this.end(cancelled);
  }

  /** Ends the drag: a gizmo's edit becomes one undo step (or is put back), a new bone goes. */
  end(cancelled: boolean): void {
    const d = this.drag;
    this.drag = null;
    this.readout = null;
    if (!d) return;
    if (d.kind === 'gizmo') {
      if (cancelled) this.host.editor.cancelGesture();
      else this.host.editor.endGesture();
    } else if (d.kind === 'bone') d.bone.parent?.removeChild(d.bone);
  }

  /**
   * A drag whose node left the scene, or whose gesture an edit cancelled (undo, delete, a new
   * scene), must stop acting: its pointer still moves, but nothing it held is there.
   */
  dropStale(): void {
    const d = this.drag;
    if (!d) return;
    const editor = this.host.editor;
    if (d.kind === 'gizmo' && !editor.gestureOn(d.node)) this.drag = null;
    else if (d.kind === 'bone' && d.parent.root !== editor.root) {
      d.bone.parent?.removeChild(d.bone);
      this.drag = null;
    }
    if (!this.drag) this.readout = null;
  }

  private startPan(screen: Vec2): void {
    this.drag = { kind: 'pan', last: screen, moved: 0 };
  }

  private startGizmo(node: Node2D, part: DragStart['part'], at: Vec2): void {
    const label = GIZMO_LABEL[part] ?? 'Scale';
    const names = part === 'ring' ? ['rotation'] : label === 'Scale' ? ['scale'] : ['position'];
    this.host.editor.beginGesture(label, node, names);
    const cushion = GIZMO.axis / 2 / this.host.viewport.scale;
    this.drag = { kind: 'gizmo', node, start: dragStart(node, part, at, cushion) };
  }

  private moveGizmo(drag: Drag & { kind: 'gizmo' }, at: Vec2, shift: boolean): void {
    const r = dragResult(drag.start, at, shift, niceStep(12 / this.host.viewport.scale));
    const n = drag.node;
    if (r.globalPosition) {
      n.globalPosition = r.globalPosition;
      const g = n.globalPosition;
      this.readout = { text: `position (${g.x.toFixed(1)}, ${g.y.toFixed(1)})`, at };
    }
    if (r.rotation !== undefined) {
      n.rotation = r.rotation;
      this.readout = { text: `rotation ${degrees(r.rotation)}°`, at };
    }
    if (r.scale) {
      n.scale = r.scale;
      this.readout = { text: `scale (${r.scale.x.toFixed(2)}, ${r.scale.y.toFixed(2)})`, at };
    }
  }

  /** A bone drawn under the selected node (from a bone's tip when the press is near it). */
  private startBone(at: Vec2, screen: Vec2): void {
    const { editor, viewport } = this.host;
    const parent = editor.selected ?? editor.root;
    let from = at;
    if (parent instanceof Bone2D) {
      const tip = parent.tipGlobalPosition;
      if (Math.hypot(tip.x - at.x, tip.y - at.y) <= 12 / viewport.scale) from = tip;
    }
    const bone = new Bone2D('Bone', 0);
    parent.addChild(bone);
    const shape = boneFromDrag(bone.parent2D?.globalTransform ?? null, from, from, false);
    bone.position = shape.position;
    this.drag = { kind: 'bone', bone, parent, from, startPx: screen };
  }

  private moveBone(drag: Drag & { kind: 'bone' }, at: Vec2, shift: boolean): void {
    const space = drag.bone.parent2D;
    const shape = boneFromDrag(space?.globalTransform ?? null, drag.from, at, shift);
    drag.bone.rotation = shape.rotation;
    // With Shift the angle snaps; the length still follows the pointer along it.
    drag.bone.length = shift
      ? Math.max(0, projectLength(space, drag.from, at, shape.rotation))
      : shape.length;
    this.readout = {
      text: `length ${drag.bone.length.toFixed(1)}, rotation ${degrees(shape.rotation)}°`,
      at,
    };
  }

  /** The drawn bone joins the scene as one undo step; a click instead selects what it hit. */
  private finishBone(drag: Drag & { kind: 'bone' }, at: Vec2, screen: Vec2): void {
    const editor = this.host.editor;
    const dragged = Math.hypot(screen.x - drag.startPx.x, screen.y - drag.startPx.y);
    drag.bone.parent?.removeChild(drag.bone);
    this.drag = null;
    this.readout = null;
    if (dragged < CLICK_PX) {
      editor.select(pickNode(editor.root, at, 1 / this.host.viewport.scale));
      return;
    }
    drag.bone.setRestFromPose();
    drag.bone.name = 'Bone2D';
    editor.insert(drag.parent, drag.bone, drag.parent.children.length, 'Draw a bone');
    editor.select(drag.bone);
  }
}

const degrees = (radians: number) => ((radians * 180) / Math.PI).toFixed(1);

/** How far along a snapped direction the pointer is (the bone tool with Shift). */
function projectLength(space: Node2D | null, from: Vec2, to: Vec2, rotation: number): number {
  const a = space ? space.toLocal(from) : from;
  const b = space ? space.toLocal(to) : to;
  return (b.x - a.x) * Math.cos(rotation) + (b.y - a.y) * Math.sin(rotation);
}
