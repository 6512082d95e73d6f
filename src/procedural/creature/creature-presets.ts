import type { Vec2 } from '../../math/vec2.ts';
import { ellipsePolygon } from '../../scene/polygon2d.ts';

/**
 * The creatures of seed 003's demo (its Illustrations 43–46: a quadruped, an arachnid and a
 * scorpion). The thesis gives no sizes; these are ours, in the seed's units (the scene scales
 * them). Local space: +x forward, +y to the creature's right (down the screen at heading 0).
 */
export { CREATURE_PRESETS, type CreaturePreset } from './creature-names.ts';
import type { CreaturePreset } from './creature-names.ts';

export interface CreatureLegPlan {
  name: string;
  hip: Vec2;
  /** legOrigin: the foot's home, at the centre of its reach. */
  home: Vec2;
  /** Knee pole: the knee bends to its side of the hip-foot line. */
  pole: Vec2;
  upper: number;
  lower: number;
  /** For the optional gait (not in the seed): a leg waits while the other group steps. */
  group: 0 | 1;
}

export interface CreaturePlan {
  preset: CreaturePreset;
  body: Vec2[];
  legs: CreatureLegPlan[];
  /**
   * The bones that look at the target: a neck with the head on it (the neck turns), or a tail
   * whose last bone, the sting, turns. `looker` is the index of the bone that turns.
   */
  look: BoneChainPlan & { looker: number };
  /** Pincers (the scorpion's), drawn, not animated. */
  arms: BoneChainPlan[];
}

export interface BoneChainPlan {
  at: Vec2;
  names: string[];
  lengths: number[];
  /** Local rest rotations (radians). */
  rest: number[];
}

const ellipse = (rx: number, ry: number): Vec2[] => ellipsePolygon(rx, ry, 24);

/** Left and right legs from one side's description (y > 0 is the right side). */
function pairs(
  specs: { name: string; hip: Vec2; home: Vec2; pole: Vec2; upper: number; lower: number }[],
): CreatureLegPlan[] {
  const out: CreatureLegPlan[] = [];
  specs.forEach((s, i) => {
    for (const side of [-1, 1] as const) {
      out.push({
        name: `${side < 0 ? 'L' : 'R'}${s.name}`,
        hip: { x: s.hip.x, y: side * s.hip.y },
        home: { x: s.home.x, y: side * s.home.y },
        pole: { x: s.pole.x, y: side * s.pole.y },
        upper: s.upper,
        lower: s.lower,
        // Diagonal pairs: left of row i with right of row i+1.
        group: ((i + (side < 0 ? 0 : 1)) % 2) as 0 | 1,
      });
    }
  });
  return out;
}

/** Our creatures' size against the seed's distances: about a body length inside the band. */
const SIZE = 1.8;

export function planCreature(preset: CreaturePreset): CreaturePlan {
  return scalePlan(basePlan(preset), SIZE);
}

function scalePlan(p: CreaturePlan, k: number): CreaturePlan {
  const v = (a: Vec2): Vec2 => ({ x: a.x * k, y: a.y * k });
  const chain = <C extends BoneChainPlan>(c: C): C => ({
    ...c,
    at: v(c.at),
    lengths: c.lengths.map((l) => l * k),
  });
  return {
    ...p,
    body: p.body.map(v),
    legs: p.legs.map((l) => ({
      ...l,
      hip: v(l.hip),
      home: v(l.home),
      pole: v(l.pole),
      upper: l.upper * k,
      lower: l.lower * k,
    })),
    look: chain(p.look),
    arms: p.arms.map(chain),
  };
}

function basePlan(preset: CreaturePreset): CreaturePlan {
  switch (preset) {
    case 'quadruped':
      return {
        preset,
        body: ellipse(1.25, 0.55),
        legs: pairs([
          {
            name: 'Front',
            hip: { x: 0.8, y: 0.45 },
            home: { x: 1.05, y: 1.3 },
            pole: { x: 2, y: 1.1 },
            upper: 0.75,
            lower: 0.8,
          },
          {
            name: 'Back',
            hip: { x: -0.8, y: 0.45 },
            home: { x: -0.95, y: 1.3 },
            pole: { x: -2, y: 1.1 },
            upper: 0.75,
            lower: 0.8,
          },
        ]),
        look: {
          at: { x: 1.2, y: 0 },
          names: ['Neck', 'Head'],
          lengths: [0.45, 0.45],
          rest: [0, 0],
          looker: 0,
        },
        arms: [],
      };
    case 'arachnid':
      return {
        preset,
        body: ellipse(0.75, 0.6),
        legs: pairs(
          [0.55, 0.2, -0.2, -0.55].map((hx, i) => {
            const a = [
              (38 * Math.PI) / 180,
              (72 * Math.PI) / 180,
              (108 * Math.PI) / 180,
              (142 * Math.PI) / 180,
            ][i]!;
            return {
              name: String(i + 1),
              hip: { x: hx * 0.8, y: 0.5 },
              home: { x: Math.cos(a) * 1.75, y: Math.sin(a) * 1.75 },
              pole: { x: Math.cos(a) * 1.4 + (i < 2 ? 1 : -1), y: Math.sin(a) * 1.9 },
              upper: 0.95,
              lower: 1.05,
            };
          }),
        ),
        look: {
          at: { x: 0.7, y: 0 },
          names: ['Neck', 'Head'],
          lengths: [0.3, 0.25],
          rest: [0, 0],
          looker: 0,
        },
        arms: [],
      };
    case 'scorpion':
      return {
        preset,
        body: ellipse(1.1, 0.5),
        legs: pairs(
          [0.45, 0.15, -0.15, -0.45].map((hx, i) => ({
            name: String(i + 1),
            hip: { x: hx, y: 0.42 },
            home: { x: hx * 1.6 + 0.1, y: 1.35 },
            pole: { x: hx * 1.6 + (i < 2 ? 1 : -1), y: 1.4 },
            upper: 0.65,
            lower: 0.75,
          })),
        ),
        // The tail leaves the back and curls forward over the body; its last segment, the sting,
        // is what looks at the target (seed 003 §5.4.2: any bone may look; here the tail).
        look: {
          at: { x: -1.05, y: 0 },
          names: ['Tail1', 'Tail2', 'Tail3', 'Sting'],
          lengths: [0.55, 0.5, 0.45, 0.35],
          rest: [Math.PI, 2.9, 0.25, 0.25],
          looker: 3,
        },
        arms: [-1, 1].map((side) => ({
          at: { x: 1.0, y: side * 0.3 },
          names: side < 0 ? ['LPincer', 'LClaw'] : ['RPincer', 'RClaw'],
          lengths: [0.55, 0.5],
          rest: [side * 0.55, -side * 0.9],
        })),
      };
  }
}
