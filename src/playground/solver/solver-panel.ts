import { drawGhost, drawLimits, drawReach, drawTurn } from '../../demos/shared/chain-overlay';
import { SolverStepper } from '../../demos/shared/solver-stepper';
import { ChainIK2D } from '../../ik/chain-ik-2d';
import type { Vec2 } from '../../math/vec2';
import type { OverlayPainter } from '../../render/overlay-painter';
import { Node2D } from '../../scene/node2d';
import { DomControlPanel } from '../../ui/control-panel';
import { el } from '../../ui/dom';
import type { EditorCanvas } from '../canvas/editor-canvas';
import type { ToolbarButton } from '../../ui/canvas-toolbar';
import type { SceneEditor } from '../editor/scene-editor';

/**
 * Watch the selected chain IK node think, with the lessons' own controls: Step shows one
 * sub-step of a solve from the rest pose, Play runs them, Jump shows the end, Back to live
 * solves every frame again. The same four are on the canvas (S, P, J, L). While stepping, any
 * edit or a moved target records the solve again. The overlay draws the chain's reach, its
 * limits and the sub-step on show (FABRIK's ghost, CCD's turn).
 */
export class SolverPanel {
  readonly element = el('section', 'pg-solver');
  private stepper: SolverStepper | null = null;
  private ik: ChainIK2D | null = null;
  private lastTarget: Vec2 | null = null;
  showReach = true;

  constructor(
    private readonly editor: SceneEditor,
    private readonly canvas: EditorCanvas,
  ) {
    this.element.hidden = true;
    editor.changed.connect((kind) => {
      if (kind === 'selection' || kind === 'scene') this.bind();
      else if (this.stepper?.isStepping) this.stepper.invalidate();
    });
    canvas.drawExtra = (p) => this.draw(p);
  }

  get stepping(): boolean {
    return this.stepper?.isStepping ?? false;
  }

  /** The chain IK node being watched (null when the selection is not one). */
  get watched(): ChainIK2D | null {
    return this.ik;
  }

  step(): void {
    this.stepper?.step();
  }
  play(): void {
    this.stepper?.togglePlay();
  }
  jump(): void {
    this.stepper?.jumpToEnd();
  }
  live(): void {
    this.stepper?.goLive();
  }

  /** Once a frame, before drawing. */
  update(dt: number): void {
    const s = this.stepper;
    if (!s || !this.ik) return;
    s.update(dt);
    const target = this.ik.status.ok ? this.targetOf(this.ik) : null;
    const t = target?.globalPosition ?? null;
    if (t && this.lastTarget && (t.x !== this.lastTarget.x || t.y !== this.lastTarget.y))
      s.invalidate();
    this.lastTarget = t;
    this.canvas.setStepActive(s.isStepping ? (s.isPlaying ? ['play'] : []) : ['live']);
  }

  private targetOf(ik: ChainIK2D): Node2D | null {
    const t = ik.getNode(ik.targetPath);
    return t instanceof Node2D ? t : null;
  }

  private bind(): void {
    const selected = this.editor.selected;
    const ik =
      selected instanceof ChainIK2D && selected.root === this.editor.root ? selected : null;
    if (ik === this.ik) return;
    this.stepper?.goLive();
    this.stepper = null;
    this.ik = ik;
    this.lastTarget = null;
    this.element.replaceChildren();
    this.element.hidden = !ik;
    if (!ik) {
      this.canvas.setStepButtons([]);
      return;
    }
    const controls = new DomControlPanel();
    this.element.append(el('h2', 'pg-panel__title', `Watch ${ik.name} solve`), controls.element);
    this.stepper = new SolverStepper(controls, ik);
    this.canvas.setStepButtons(this.buttons(), ['live']);
  }

  private buttons(): ToolbarButton[] {
    return [
      {
        id: 'step',
        glyph: 'Step',
        key: 'S',
        tip: 'Show the solver’s next sub-step',
        onPress: () => this.step(),
      },
      {
        id: 'play',
        glyph: 'Play',
        key: 'P',
        tip: 'Play the sub-steps one after another',
        onPress: () => this.play(),
      },
      {
        id: 'jump',
        glyph: 'End',
        key: 'J',
        tip: 'Jump to the solver’s last sub-step',
        onPress: () => this.jump(),
      },
      {
        id: 'live',
        glyph: 'Live',
        key: 'L',
        tip: 'Back to live: solve every frame again',
        onPress: () => this.live(),
      },
    ];
  }

  private draw(p: OverlayPainter): void {
    const ik = this.ik;
    if (!ik || !ik.status.ok || ik.root !== this.editor.root) return;
    const chain = ik.currentChain;
    if (this.showReach) drawReach(p, chain, false);
    if (ik.joints.some((j) => j.limited)) drawLimits(p, chain);
    const n = chain.count;
    const e = this.stepper?.current ?? null;
    const target = this.targetOf(ik)?.globalPosition;
    if (e && !e.valid) drawGhost(p, e, n);
    if (e && e.pass === 'turn' && target)
      drawTurn(p, e, n, target, this.stepper!.previousPositions);
    const bones = ik.getBones();
    const tip = bones[bones.length - 1]?.tipGlobalPosition;
    if (tip && target) p.line(tip, target, { color: 'target', width: 1, alpha: 0.6 });
  }
}
