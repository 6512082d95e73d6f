import { HEIGHT_BAND, type WalkAnalysis } from '../../walk3d/walk-analysis.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { ClipPlayer } from './clip-player.ts';
import type { walkAnalysisFigure } from './description.ts';
import type { WalkReading } from './reading.ts';

type Ui = FigureUi<typeof walkAnalysisFigure>;

/**
 * What the analysis found, read out once per analysis: the threshold d_min and its numbers, the
 * support frames of each foot, its stances and steps, the floor, the validator's warnings, where
 * each foot's own test and the rule disagree, and the support test as a formula.
 */
export function showAnalysis(ui: Ui, reading: WalkReading, stage: Walk3DStage<ClipPlayer>): void {
  const { analysis: a, def } = reading;
  const k = a.factor;
  ui.readout('disagree').set(disagreement(ui, a));
  ui.readout('dmin').set(
    ui.say('dMin', {
      dMin: num(a.dMin, 3),
      h: num(def.rigHeight, 0),
      s: num(def.scale, 4),
      k: num(k, 2),
    }),
  );
  const count = (s: Uint8Array) => s.reduce((x, v) => x + v, 0);
  const [l, r] = a.feet;
  ui.readout('support').set(
    ui.say('supportFrames', { left: count(l.support), right: count(r.support), frames: a.frames }),
  );
  ui.readout('subs').set(ui.say('subs', { left: piecesOf(ui, a, 0), right: piecesOf(ui, a, 1) }));
  ui.readout('floor').set(ui.say('floor', { offset: num(a.floorOffset, 3) }));
  // The rig's own checks (a cycle that does not loop, …) and the analysis's (hinge axes).
  const warnings = [...new Set([...stage.rig.warnings, ...a.warnings])];
  ui.readout('warnings').set(warnings.length ? warnings.join('; ') : ui.say('meetsSeed'));
  const dMinTex = `d_{\\min} = \\frac{h \\cdot s}{120} \\cdot k = \\frac{${tex(def.rigHeight, 0)} \\cdot ${tex(def.scale, 4)}}{120} \\cdot ${tex(k, 2)} = ${tex(a.dMin, 3)}`;
  // Each foot's reading: its ankle a or its toes t, still and near their lowest.
  const band = (def.rigHeight * def.scale) / HEIGHT_BAND;
  const t = (key: 'texPlanted' | 'texAnd' | 'texFor' | 'texOr') => `\\text{${ui.say(key)}}`;
  ui.formula('support').set(
    reading.rule === 'each'
      ? `${t('texPlanted')}(f) \\iff \\lVert q_f - q_{f-1} \\rVert \\le d_{\\min} ${t('texAnd')} z(q_f) - z_{\\min}(q) \\le \\tfrac{h s}{${HEIGHT_BAND}} = ${tex(band, 3)} ${t('texFor')} q = a ${t('texOr')} t, \\quad ${dMinTex}`
      : `${t('texPlanted')}(f) \\iff \\lVert p_f - p_{f-1} \\rVert \\le ${dMinTex}`,
  );
}

/** A foot's stances and steps that start in the cycle, in frames ("stance 2–15, step 15–33"). */
function piecesOf(ui: Ui, a: WalkAnalysis, foot: number): string {
  return a.feet[foot]!.subs.filter(
    (s) => s.curve.startTime >= 0 && s.curve.startTime < a.duration - 1e-6,
  )
    .map((s) => {
      const from = Math.round(s.curve.startTime / a.frameTime);
      const to = Math.round(s.curve.endTime / a.frameTime);
      const frames = from === to ? `${from}` : `${from}–${to}`;
      return ui.say(s.kind === 'static' ? 'stance' : 'step', { frames });
    })
    .join(', ');
}

/**
 * Where the feet's own tests and what the rule makes of them disagree, in frame ranges. Under the
 * seed's rule only the right foot can differ: "own test planted, rule says step" is double
 * support the rule erases, the other way both feet moving, which the rule hides. Under the
 * each-foot rule a frame differs only where neither foot passed and one was given the frame.
 */
function disagreement(ui: Ui, a: WalkAnalysis): string {
  const [l, r] = a.feet;
  const ranges = (test: (f: number) => boolean) => {
    const out: string[] = [];
    for (let f = 0; f < a.frames; f++) {
      if (!test(f)) continue;
      let e = f;
      while (e + 1 < a.frames && test(e + 1)) e++;
      out.push(e === f ? `${f}` : `${f}–${e}`);
      f = e;
    }
    return out;
  };
  const both = ranges((f) => !!(l.own[f] && r.own[f]));
  const neither = ranges((f) => !l.own[f] && !r.own[f]);
  const differ = ranges((f) => r.own[f] !== r.support[f] || l.own[f] !== l.support[f]);
  if (!differ.length) return ui.say('agree');
  const listed = (x: string[]) => (x.length ? x.join(', ') : ui.say('noFrame'));
  return ui.say('differ', {
    differ: differ.join(', '),
    both: listed(both),
    neither: listed(neither),
  });
}
