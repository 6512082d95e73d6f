import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PANEL_LAYOUTS, type PanelLayout } from '../../src/procedural/reach/button-panel';
import { moveToTarget, Sequencer } from '../../src/procedural/reach/press-sequence';
import { parseSequence, ReachScene } from '../../src/procedural/reach/reach-scene';
import type { ArmBoneCount } from '../../src/procedural/reach/reaching-character';
import { Marker2D } from '../../src/scene/marker2d';

const DT = 1 / 60;

/** Runs a scene's sequences to their end (bounded: 60 s of frames). */
function pressAll(scene: ReachScene, sequence: number[]) {
  scene.press(sequence);
  let frames = 0;
  while (scene.busy && frames < 3600) {
    scene.update(DT);
    frames++;
  }
  expect(scene.busy).toBe(false);
  return { ik: scene.ik.presses, baked: scene.baked.presses, seconds: frames * DT };
}

describe('pressing buttons in sequence (seed 002 §4)', () => {
  it('the IK arm hits every button it can reach, in any order, on every panel, with the character moved', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...PANEL_LAYOUTS),
        fc.constantFrom<ArmBoneCount>(2, 3),
        fc.integer({ min: -80, max: 80 }),
        fc.integer({ min: -60, max: 0 }),
        fc.record({ x: fc.integer({ min: -60, max: 60 }), y: fc.integer({ min: -60, max: 60 }) }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (layout: PanelLayout, bones, dx, dy, panel, seed) => {
          // Every slider of the demo's range: sideways, a box underfoot, the panel anywhere.
          const scene = new ReachScene(layout, bones);
          scene.setCharacterOffset({ x: dx, y: dy });
          scene.setPanelOffset(panel);
          const n = scene.buttonCount;
          const order = shuffled(n, seed);
          const { ik } = pressAll(scene, order);
          expect(ik.map((p) => p.button)).toEqual(order);
          // Buttons within the arm's working range: farther than 0.3 of its reach (an arm cannot
          // fold onto its own shoulder) and nearer than its reach. Others it can only point at.
          const shoulder = scene.character.shoulder;
          const reach = scene.character.arm.bones.reduce((sum, b) => sum + b.length, 0);
          for (const p of ik) {
            const aim = scene.panel.aimOf(p.button)!;
            const d = Math.hypot(aim.x - shoulder.x, aim.y - shoulder.y);
            if (d < 0.3 * reach || d > reach - 2) continue;
            checked++;
            expect(p.hit, `button ${p.button} missed by ${p.miss}`).toBe(true);
            expect(p.miss).toBeLessThan(0.6); // FABRIK's tolerance is 0.5
          }
        },
      ),
      { numRuns: 80 },
    );
    expect(checked).toBeGreaterThan(150);
  });

  it('the IK weight blends the clip pose with the IK pose: at 0.5 the hand stops part way and misses', () => {
    const full = new ReachScene('four', 3);
    const half = new ReachScene('four', 3);
    half.ikWeight = 0.5;
    const none = new ReachScene('four', 3);
    none.ikWeight = 0;
    const missFull = pressAll(full, [3]).ik[0]!.miss;
    const missHalf = pressAll(half, [3]).ik[0]!.miss;
    const missNone = pressAll(none, [3]).ik[0]!.miss;
    expect(missFull).toBeLessThan(0.6);
    // With no IK the hand stays where the lift clip left it; half the weight, roughly half way.
    expect(missNone).toBeGreaterThan(20);
    expect(missHalf).toBeGreaterThan(missFull + 5);
    expect(missHalf).toBeLessThan(missNone - 5);
  });

  it('the baked arm hits its button in the scene it was keyed in, and misses more the further the character moves', () => {
    const misses: number[] = [];
    for (const dx of [0, 15, 30, 45, 60]) {
      const scene = new ReachScene('four', 3);
      scene.setCharacterOffset({ x: dx, y: 0 });
      const { baked, ik } = pressAll(scene, [1]);
      misses.push(baked[0]!.miss);
      expect(ik[0]!.hit).toBe(true);
    }
    expect(misses[0]).toBeLessThan(1);
    for (let i = 1; i < misses.length; i++) expect(misses[i]!).toBeGreaterThan(misses[i - 1]!);
    // The clip moves with the character: its miss is the distance it moved.
    expect(misses[4]).toBeCloseTo(60, 0);
  });

  it('the baked arm presses one spot whatever button is asked for: it misses the others', () => {
    const scene = new ReachScene('four', 3);
    const { baked, ik } = pressAll(scene, [2, 1, 4, 3]);
    expect(baked.map((p) => p.hit)).toEqual([false, true, false, false]);
    expect(ik.every((p) => p.hit)).toBe(true);
    // A moved panel is missed too.
    scene.setPanelOffset({ x: 0, y: -30 });
    expect(pressAll(scene, [1]).baked[0]!.hit).toBe(false);
  });

  it('refuses a new sequence while one is running, and finishes in lift + presses + lower', () => {
    const scene = new ReachScene('four', 2);
    scene.press([1, 2]);
    scene.update(DT);
    scene.press([3]);
    let frames = 0;
    while (scene.busy && frames < 3600) {
      scene.update(DT);
      frames++;
    }
    expect(scene.ik.presses.map((p) => p.button)).toEqual([1, 2]);
    // Lift (14 frames at 24 fps) + 2 × (out and back, 0.3 s each) + lower: about 2.4 s.
    expect(frames * DT).toBeGreaterThan(2);
    expect(frames * DT).toBeLessThan(3);
  });
});

describe('MoveToTarget', () => {
  it('lands exactly on the destination (the seed’s loop stops one frame short)', () => {
    const target = new Marker2D('T', 'target');
    const seq = new Sequencer();
    seq.start(moveToTarget(target, { x: 100, y: -50 }, 0.3));
    for (let i = 0; i < 30 && seq.busy; i++) seq.update(1 / 60);
    expect(target.position).toEqual({ x: 100, y: -50 });
  });
});

describe('reading a typed sequence', () => {
  it('takes numbers split by spaces or commas, or run together', () => {
    expect(parseSequence('1 3 2 4', 4)).toEqual([1, 3, 2, 4]);
    expect(parseSequence('3,1, 2', 4)).toEqual([3, 1, 2]);
    expect(parseSequence('3142', 4)).toEqual([3, 1, 4, 2]);
  });
  it('says what was wrong and what is allowed', () => {
    expect(parseSequence('1 7', 4)).toMatch(/"7" is not a button: this panel has buttons 1 to 4/);
    expect(parseSequence('a', 9)).toMatch(/"a" is not a button/);
    expect(parseSequence('   ', 4)).toMatch(/Type the buttons to press/);
    expect(parseSequence('1'.repeat(13), 4)).toMatch(/13 presses; at most 12/);
  });
});

/** A permutation of 1..n from a seed (Fisher–Yates with a small LCG). */
function shuffled(n: number, seed: number): number[] {
  const a = Array.from({ length: n }, (_, i) => i + 1);
  let s = seed >>> 0;
  for (let i = n - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}
