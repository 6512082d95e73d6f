import { Chain, Vec2, type Body, type Contact, type World } from 'planck';

export interface GroundPoint {
  x: number;
  y: number;
}

/**
 * The ground as one static planck.js chain through the profile's points (metres, y up): lesson
 * 7's terrain, or flat floor. A treadmill is flat ground whose surface moves backwards at the
 * walk's speed (planck's tangent speed, as Box2D's conveyor belt), so a walk in place plants
 * its feet on a surface that really carries them back.
 */
export class Ground {
  readonly body: Body;
  private points: GroundPoint[];
  /** Surface speed towards −x (m/s); 0 for still ground. */
  belt = 0;

  constructor(
    private readonly world: World,
    points: readonly GroundPoint[],
  ) {
    this.points = points.map((p) => ({ x: p.x, y: p.y }));
    this.body = world.createBody({ type: 'static' });
    this.makeFixture();
    world.on('pre-solve', this.moveBelt);
  }

  private makeFixture(): void {
    const f = this.body.getFixtureList();
    if (f) this.body.destroyFixture(f);
    this.body.createFixture({
      shape: new Chain(
        this.points.map((p) => new Vec2(p.x, p.y)),
        false,
      ),
      friction: 0.9,
    });
  }

  /** A new profile (the student reshaped the terrain). */
  setPoints(points: readonly GroundPoint[]): void {
    if (points.length < 2) return;
    this.points = points.map((p) => ({ x: p.x, y: p.y }));
    this.makeFixture();
  }

  get profile(): readonly GroundPoint[] {
    return this.points;
  }

  /**
   * The ground's height under x: the highest surface where vertical faces repeat an x, the end
   * points' heights beyond the ends.
   */
  heightAt(x: number): number {
    const p = this.points;
    if (x <= p[0]!.x) return p[0]!.y;
    let best = -Infinity;
    for (let i = 1; i < p.length; i++) {
      const a = p[i - 1]!;
      const b = p[i]!;
      const lo = Math.min(a.x, b.x);
      const hi = Math.max(a.x, b.x);
      if (x < lo || x > hi) continue;
      const y = hi - lo < 1e-9 ? Math.max(a.y, b.y) : a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
      best = Math.max(best, y);
    }
    return best === -Infinity ? p[p.length - 1]!.y : best;
  }

  private readonly moveBelt = (contact: Contact): void => {
    if (this.belt === 0) return;
    // planck's tangent speed is fixture B's surface sliding along A's tangent; the chain's own
    // surface runs the other way round. Signs checked by the unit test: a body left on the
    // belt rides it towards −x.
    if (contact.getFixtureA().getBody() === this.body) contact.setTangentSpeed(-this.belt);
    else if (contact.getFixtureB().getBody() === this.body) contact.setTangentSpeed(this.belt);
  };

  destroy(): void {
    this.world.off('pre-solve', this.moveBelt);
    this.world.destroyBody(this.body);
  }
}
