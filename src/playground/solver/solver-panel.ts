import { drawLimits, drawReach } from '../../demos/shared/chain-overlay.ts';
import { SolverStepper, stepBarUi } from '../../demos/shared/solver-stepper.ts';
import { ChainIK2D } from '../../ik/chain-ik-2d.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';
import { Node2D } from '../../scene/node2d.ts';
import { DomControlPanel } from '../../ui/control-panel.ts';
import { el } from '../../ui/dom.ts';
import type { EditorCanvas } from '../canvas/editor-canvas.ts';
import type { SceneEditor } from '../editor/scene-editor.ts';

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
  showReach = true;

  constructor(
    private readonly editor: SceneEditor,
    private readonly canvas: EditorCanvas,
  ) {
    this.element.hidden = true;
    editor.changed.connect((kind) => {
      // A deleted node, or one of another scene, is not watched any more.
      if (kind !== 'property' || this.ik?.root !== editor.root) this.bind();
      else if (this.stepper?.isStepping) this.stepper.invalidate();
    });
    canvas.drawExtra = (p) => this.draw(p);
  }

  /** The chain IK node being watched (null when the selection is not one). */
  get watched(): ChainIK2D | null {
    return this.ik;
  }

  /** S, P, J or L pressed anywhere on the page: false if no solver is watched or not its key. */
  pressKey(key: string): boolean {
    return this.stepper?.pressKey(key) ?? false;
  }

  /** Once a frame, before drawing. */
  update(dt: number): void {
    const s = this.stepper;
    if (!s) return;
    s.update(dt);
    s.watchTarget();
    this.canvas.setStepActive(s.activeButtons);
  }

  private targetOf(ik: ChainIK2D): Node2D | null {
    const t = ik.getNode(ik.targetPath);
    return t instanceof Node2D ? t : null;
  }

  private bind(): void {
    const selected = this.editor.selected;
    const ik =
      selected instanceof ChainIK2D && selected.root === this.editor.root ? selected : null;
    if (ik === this.ik) {
      if (this.stepper?.isStepping) this.stepper.invalidate();
      return;
    }
    this.stepper?.goLive();
    this.stepper = null;
    this.ik = ik;
    this.element.replaceChildren();
    this.element.hidden = !ik;
    if (!ik) {
      this.canvas.setStepButtons([]);
      return;
    }
    const controls = new DomControlPanel();
    this.element.append(el('h2', 'pg-panel__title', `Watch ${ik.name} solve`), controls.element);
    this.stepper = new SolverStepper(stepBarUi(controls), ik);
    this.canvas.setStepButtons(this.stepper.canvasButtons, this.stepper.activeButtons);
  }

  private draw(p: OverlayPainter): void {
    const ik = this.ik;
    if (!ik || !ik.status.ok || ik.root !== this.editor.root) return;
    const chain = ik.currentChain;
    if (this.showReach) drawReach(p, chain, false);
    if (ik.joints.some((j) => j.limited)) drawLimits(p, chain, ik.getBones());
    const n = chain.count;
    const target = this.targetOf(ik)?.globalPosition;
    if (target) this.stepper?.drawSubStep(p, n, target);
    const bones = ik.getBones();
    const tip = bones[bones.length - 1]?.tipGlobalPosition;
    if (tip && target) p.line(tip, target, { color: 'target', width: 1, alpha: 0.6 });
  }
}
