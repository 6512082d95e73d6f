import { describe, expect, it } from 'vitest';
import { Bone2D } from '../../src/scene/bone2d';
import { runDemo } from './fake-controls';

/** Every sub-step text of one solve, stepping from the start. */
function stepTexts(
  demo: ReturnType<typeof runDemo>['demo'],
  controls: ReturnType<typeof runDemo>['controls'],
) {
  const texts: string[] = [];
  for (let k = 0; k < 400; k++) {
    controls.act('step');
    demo.update(1 / 60);
    const t = controls.readouts.get('step-what')!;
    if (texts.at(-1) === t) break;
    texts.push(t);
  }
  return texts;
}

describe('with joint limits, the words say what the limits did', () => {
  it('CCD, ±25°, target lower left: a clamped joint is "held at its limit", not "lined up"', () => {
    const { demo, controls } = runDemo('ccd', {
      limits: 'true',
      limit: '25',
      targetX: '-300',
      targetY: '150',
    });
    const texts = stepTexts(demo, controls);
    expect(texts.some((t) => /held at its limit|stops at its limit/.test(t))).toBe(true);
    // "Lined up" only where the formula really asked for no turn.
    for (const t of texts.filter((t) => /already lined up/.test(t))) expect(t).not.toMatch(/limit/);
  });

  it('CCD and FABRIK out of reach with limits: the status names the limits, not the straight chain', () => {
    for (const id of ['ccd', 'fabrik']) {
      const { demo, controls } = runDemo(id, {
        limits: 'true',
        limit: '20',
        targetX: '-366',
        targetY: '-81',
      });
      demo.update(1 / 60);
      const status = controls.readouts.get('status')!;
      expect(status, id).toMatch(
        /^out of reach, and the joint limits keep the chain from straightening/,
      );
      // The chain is not straight: a straight one would leave the tip the target's distance
      // minus the reach away; held by its limits it is farther.
      const tipToTarget = Number(/ ([\d.]+) from the target/.exec(status)![1]);
      const bones = demo.root.findAll(Bone2D);
      const reach = bones.reduce((sum, b) => sum + b.length, 0);
      const base = bones[0]!.globalPosition;
      const straight = Math.hypot(-366 - base.x, -81 - base.y) - reach;
      expect(straight, id).toBeGreaterThan(0);
      expect(tipToTarget, id).toBeGreaterThan(straight + 1);
    }
    // Without limits it is the closed form, with no iteration.
    const { demo, controls } = runDemo('ccd', { targetX: '-366', targetY: '-81' });
    demo.update(1 / 60);
    expect(controls.readouts.get('status')).toMatch(
      /^out of reach: the straight chain points at the target/,
    );
  });
});

describe('the Step button', () => {
  it('is disabled at the last sub-step and again enabled back in live mode or after Play restarts', () => {
    for (const id of ['ccd', 'fabrik']) {
      const { demo, controls } = runDemo(id, {});
      const step = () => controls.buttons.get('step')!;
      expect(step().disabled, `${id} live`).toBe(false);
      controls.act('step');
      demo.update(1 / 60);
      expect(step().disabled, `${id} first sub-step`).toBe(false);
      controls.act('solve');
      demo.update(1 / 60);
      expect(controls.readouts.get('substep')).toMatch(/^(\d+) \/ \1$/);
      expect(step().disabled, `${id} last sub-step`).toBe(true);
      // Play from the end starts over at the rest pose: there is a next sub-step again.
      controls.act('play');
      demo.update(1 / 60);
      expect(step().disabled, `${id} playing again`).toBe(false);
      controls.act('live');
      expect(step().disabled, `${id} back to live`).toBe(false);
    }
  });
});

describe('the CCD turn formula', () => {
  it('says "after wrapping to ±180°" exactly when the raw difference was past ±180°', () => {
    // A target behind the arm: some joints turn the long way round before the wrap.
    const { demo, controls } = runDemo('ccd', { targetX: '-200', targetY: '40' });
    let wrappedSeen = 0;
    let plainSeen = 0;
    for (let k = 0; k < 120; k++) {
      controls.act('step');
      demo.update(1 / 60);
      const tex = controls.formulas.get('turn')!;
      // wrap(a° − b°) = c°: the oracle is the text's own two angles.
      const m = /wrap\}\((-?[\d.]+)\^\\circ - (-?[\d.]+)\^\\circ\) = (-?[\d.]+)\^\\circ/.exec(tex);
      expect(m, tex).not.toBeNull();
      const [a, b, c] = m!.slice(1).map(Number);
      const raw = a! - b!;
      if (/after wrapping/.test(tex)) {
        wrappedSeen++;
        expect(Math.abs(raw)).toBeGreaterThan(180 - 0.1);
        expect(Math.abs(raw - c!)).toBeCloseTo(360, 0);
      } else {
        plainSeen++;
        expect(Math.abs(raw)).toBeLessThanOrEqual(180 + 0.1);
        expect(c!).toBeCloseTo(raw, 0);
      }
    }
    expect(wrappedSeen).toBeGreaterThan(0);
    expect(plainSeen).toBeGreaterThan(0);
  });
});

describe('the limit wedges', () => {
  it('sit on the joints as drawn while stepping, and each bone lies inside its wedge', () => {
    const { demo, controls } = runDemo('ccd', {
      limits: 'true',
      limit: '25',
      targetX: '-300',
      targetY: '150',
    });
    const bones = demo.root.findAll(Bone2D);
    for (let k = 0; k < 12; k++) {
      controls.act('step');
      demo.update(1 / 60);
      const wedges: { x: number; y: number; from: number; to: number }[] = [];
      const painter = new Proxy(
        {},
        {
          get: (_t, name) =>
            name === 'wedgePx'
              ? (c: { x: number; y: number }, _r: number, from: number, to: number) =>
                  wedges.push({ x: c.x, y: c.y, from, to })
              : () => {},
        },
      );
      demo.drawOverlay!(painter as never);
      expect(wedges).toHaveLength(bones.length);
      wedges.forEach((w, i) => {
        // The oracle: the tree's own bones, joint and direction.
        const joint = bones[i]!.globalPosition;
        const tip = bones[i]!.tipGlobalPosition;
        expect(Math.hypot(w.x - joint.x, w.y - joint.y), `sub-step ${k}, joint ${i}`).toBeLessThan(
          1e-9,
        );
        const dir = Math.atan2(tip.y - joint.y, tip.x - joint.x);
        const into = (((dir - w.from) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
        expect(into, `sub-step ${k}, bone ${i}`).toBeLessThanOrEqual(w.to - w.from + 1e-6);
      });
    }
  });
});
