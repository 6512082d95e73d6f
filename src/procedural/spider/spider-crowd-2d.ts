import type { DrawsItself, ShapeSink } from '../../scene/draws-itself.ts';
import { Node } from '../../scene/node.ts';
import { bodyShapes, FAR_SIDE_ALPHA } from './build-spider.ts';
import { JOINTS_PER_LEG, SpiderCrowd } from './spider-crowd.ts';
import type { SpiderShape } from './spider-shape.ts';

/**
 * A SpiderCrowd as one node of the scene: `process` walks and solves every spider, and the node
 * draws them itself (DrawsItself), as buildSpider's node trees look: far legs faded behind the
 * body, the body and head, near legs in front. It has no transform of its own: the spiders
 * walk on their grounds in global coordinates, as the spiders' foot targets do.
 */
export class SpiderCrowd2D extends Node implements DrawsItself {
  override get typeName(): string {
    return 'SpiderCrowd2D';
  }

  readonly crowd: SpiderCrowd;
  /** Each spider's tint (CSS '#rrggbb'); spiders past the list's end are drawn untinted. */
  tints: string[] = [];
  private readonly body: Float64Array;
  /** The head's outline where it sits on the body (body space). */
  private readonly head: Float64Array;
  private readonly scratch = new Float64Array(64);
  private readonly farTints = new Map<string, string>();

  constructor(name: string, shape: SpiderShape) {
    super(name);
    this.crowd = new SpiderCrowd(shape);
    const shapes = bodyShapes(this.crowd.plan);
    this.body = flat(shapes.body);
    const at = shapes.headAt;
    this.head = flat(shapes.head.map((p) => ({ x: p.x + at.x, y: p.y + at.y })));
  }

  override process(dt: number): void {
    this.crowd.step(dt);
  }

  drawShapes(sink: ShapeSink): void {
    const crowd = this.crowd;
    for (let k = 0; k < crowd.walks.length; k++) {
      const tint = this.tints[k] ?? '#ffffff';
      sink.lineColor('bone', this.farTint(tint));
      this.legLines(sink, k, 1);
      const w = crowd.walks[k]!;
      const cos = w.bodyCos;
      const sin = w.bodySin;
      const a = w.facing * cos;
      const b = w.facing * sin;
      sink.fillColor('bone', 'boneOutline', tint);
      this.placed(sink, this.body, w.bodyX, w.bodyY, a, b, -sin, cos);
      this.placed(sink, this.head, w.bodyX, w.bodyY, a, b, -sin, cos);
      sink.lineColor('bone', tint);
      this.legLines(sink, k, 0);
    }
  }

  /** Spider k's legs on one side (0 near, 1 far) as lines, joint to joint. */
  private legLines(sink: ShapeSink, k: number, side: 0 | 1): void {
    const legs = this.crowd.plan.legs;
    const J = this.crowd.joints;
    for (let j = 0; j < legs.length; j++) {
      if (legs[j]!.side !== side) continue;
      const at = (k * legs.length + j) * JOINTS_PER_LEG * 2;
      for (let i = 0; i < JOINTS_PER_LEG - 1; i++)
        sink.line(J[at + 2 * i]!, J[at + 2 * i + 1]!, J[at + 2 * i + 2]!, J[at + 2 * i + 3]!);
    }
  }

  /** A body-space polygon placed by the body's matrix. */
  private placed(
    sink: ShapeSink,
    shape: Float64Array,
    tx: number,
    ty: number,
    a: number,
    b: number,
    c: number,
    d: number,
  ): void {
    const out = this.scratch;
    const n = shape.length / 2;
    for (let i = 0; i < n; i++) {
      const x = shape[2 * i]!;
      const y = shape[2 * i + 1]!;
      out[2 * i] = tx + a * x + c * y;
      out[2 * i + 1] = ty + b * x + d * y;
    }
    sink.polygon(out, n);
  }

  /** The tint faded as buildSpider fades the far side (its alpha appended to the colour). */
  private farTint(tint: string): string {
    let far = this.farTints.get(tint);
    if (far === undefined) {
      far = /^#[0-9a-f]{6}$/i.test(tint) ? `${tint}${FAR_SIDE_ALPHA}` : tint;
      this.farTints.set(tint, far);
    }
    return far;
  }
}

const flat = (points: { x: number; y: number }[]): Float64Array =>
  Float64Array.from(points.flatMap((p) => [p.x, p.y]));
