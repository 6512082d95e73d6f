import type { Vec2 } from '../../math/vec2.ts';
import type { LinkPlan } from '../../physics/body-plan.ts';
import { Node2D } from '../../scene/node2d.ts';

/** Scene units per metre; the scene's y grows downwards, so angles change sign. */
export const PHYSICS_SCALE = 100;

/** Metres, y up (the physics) to scene units, y down (the picture), and back. */
export const toScene = (x: number, y: number): Vec2 => ({
  x: x * PHYSICS_SCALE,
  y: -y * PHYSICS_SCALE,
});
export const fromScene = (p: Vec2): Vec2 => ({ x: p.x / PHYSICS_SCALE, y: -p.y / PHYSICS_SCALE });

/**
 * The physics character as a node tree, one Node2D per link nested as its joints are (Pelvis →
 * Torso → Head …), so the scene panel lists it and shows each link's local and global
 * transform: a joint's rotation is its angle. The bodies are the truth; `sync` copies their
 * frames in (x, y, angle a link, metres, y up) after each step.
 */
export class CharacterNodes {
  readonly root: Node2D;
  private readonly nodes: Node2D[];

  constructor(private readonly plan: readonly LinkPlan[]) {
    this.root = new Node2D('Character');
    this.nodes = [];
    plan.forEach((l) => {
      const node = new Node2D(l.name);
      (l.parent < 0 ? this.root : this.nodes[l.parent]!).addChild(node);
      this.nodes.push(node);
    });
  }

  sync(frames: Float64Array): void {
    const S = PHYSICS_SCALE;
    this.plan.forEach((l, i) => {
      const x = frames[3 * i]! * S;
      const y = -frames[3 * i + 1]! * S;
      const a = frames[3 * i + 2]!;
      const node = this.nodes[i]!;
      if (l.parent < 0) {
        node.setPosition(x, y);
        node.rotation = -a;
        return;
      }
      // In the parent's frame: undo its position and (screen) rotation −a_p.
      const p = l.parent;
      const ap = frames[3 * p + 2]!;
      const dx = x - frames[3 * p]! * S;
      const dy = y + frames[3 * p + 1]! * S;
      const c = Math.cos(ap);
      const s = Math.sin(ap);
      node.setPosition(c * dx - s * dy, s * dx + c * dy);
      node.rotation = -(a - ap);
    });
  }
}
