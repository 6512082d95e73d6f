import { BODY_PLAN, linkFrames, newPose } from '../../physics/index.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';
import { drawCharacter } from '../shared/physics-overlay.ts';
import { toScene } from '../shared/physics-nodes.ts';
import type { PdCharacterScene } from './scene.ts';

/**
 * The animation's pose as a dashed ghost, the bodies as shown (blended towards the animation
 * by the Show slider; joints held at their torque limit red, the plotted one marked), the
 * balls in flight, and the pull of a dragged limb. No labels.
 */
export class CharacterOverlay {
  private readonly frames = new Float64Array(3 * BODY_PLAN.length);
  private readonly ghost = new Float64Array(3 * BODY_PLAN.length);
  private readonly scratch = newPose(BODY_PLAN);

  constructor(private readonly scene: PdCharacterScene) {}

  draw(p: OverlayPainter, blend: number): void {
    const { character, physics, plotted } = this.scene;
    linkFrames(BODY_PLAN, character.goal, this.ghost);
    character.shownFrames(blend, this.frames, this.scratch);
    drawCharacter(p, BODY_PLAN, this.ghost, { ghost: true });
    drawCharacter(p, BODY_PLAN, this.frames, {
      saturated: (i) => character.mode === 'pd' && character.tracker.saturated(i),
      highlight: plotted,
    });
    for (const ball of physics.balls) {
      const c = ball.body.getPosition();
      p.circle(toScene(c.x, c.y), 10, { color: 'boneOutline', fill: 'target', fillAlpha: 0.9 });
    }
    const d = physics.dragging;
    if (d)
      p.line(toScene(d.anchor.x, d.anchor.y), toScene(d.target.x, d.target.y), {
        color: 'target',
        width: 2,
        dash: 6,
      });
  }
}
