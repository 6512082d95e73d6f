import type { Vec2 } from '../../math/vec2';
import { PANEL_LAYOUTS, type PanelLayout } from '../../procedural/reach/button-panel';
import type { Press } from '../../procedural/reach/press-sequence';
import { parseSequence, ReachScene } from '../../procedural/reach/reach-scene';
import type { ArmBoneCount } from '../../procedural/reach/reaching-character';
import type { OverlayPainter } from '../../render/overlay-painter';
import { BONES, reachSequenceMeta } from './meta';
import { defineDemo } from '../contract';
import { num, tex } from '../shared/format';

/** How long a pressed button stays lit (s). */
const LIT = 0.5;

/**
 * Lesson 10: an arm presses a panel of buttons in the order the student types (seed 002 §4). The
 * IK arm glides its target to each button; the baked arm, faded, replays clips keyed for one
 * button in one scene. Move the character or the panel and watch only one of them keep hitting.
 */
export const reachSequenceDemo = defineDemo({
  ...reachSequenceMeta,
  create({ controls }, params) {
    const scene = new ReachScene(
      params.layout as PanelLayout,
      Number(params.bones) as ArmBoneCount,
    );
    const offsets = {
      characterX: params.characterX,
      box: params.box,
      panelX: params.panelX,
      panelY: params.panelY,
    };
    let layout = params.layout;
    let bones = params.bones;
    let showBaked = params.baked;
    scene.moveDuration = params.moveDuration;
    scene.ikWeight = params.ikWeight;
    // What the last sequence left on show: lit buttons, the baked arm's crosses. Anything that
    // moves or rebuilds the scene makes them stale, so they go.
    const lit = new Map<number, number>();
    let bakedMarks: { at: Vec2; aim: Vec2; press: Press }[] = [];
    let seen = { ik: 0, baked: 0 };
    const forget = () => {
      lit.clear();
      bakedMarks = [];
      seen = { ik: scene.ik.presses.length, baked: scene.baked.presses.length };
    };
    const place = () => {
      forget();
      scene.setCharacterOffset({ x: offsets.characterX, y: -offsets.box });
      scene.setPanelOffset({ x: offsets.panelX, y: offsets.panelY });
      scene.character.baked.bones[0]!.modulate = showBaked ? '#ffffff80' : '#ffffff00';
    };
    place();

    const field = controls.text({
      id: 'sequence',
      label: 'Buttons to press',
      value: '1 3 2 4',
      placeholder: 'e.g. 1 3 2 4',
      submitLabel: 'Press',
      onSubmit: (text) => {
        if (scene.busy) return 'Wait: the arm is still pressing the last sequence.';
        const seq = parseSequence(text, scene.buttonCount);
        if (typeof seq === 'string') return seq;
        scene.press(seq);
        forget();
        return '';
      },
    });
    controls.choice({
      id: 'layout',
      label: 'Panel',
      options: PANEL_LAYOUTS,
      value: layout,
      onChange: (v) => {
        layout = v;
        scene.setLayout(v as PanelLayout);
        place();
        field.set(v === 'keypad' ? '5 1 9 3 7' : '1 3 2 4');
      },
    });
    controls.choice({
      id: 'bones',
      label: 'Arm bones',
      options: BONES,
      value: bones,
      onChange: (v) => {
        bones = v;
        scene.setBones(Number(v) as ArmBoneCount);
        place();
      },
    });
    const slider = (id: keyof typeof offsets, label: string, min: number, max: number) =>
      controls.slider({
        id,
        label,
        min,
        max,
        step: 1,
        value: offsets[id],
        onInput: (v) => {
          offsets[id] = v;
          place();
        },
      });
    slider('characterX', 'Character sideways', -80, 80);
    slider('box', 'Box under the feet', 0, 60);
    slider('panelX', 'Panel sideways', -60, 60);
    slider('panelY', 'Panel height', -60, 60);
    controls.slider({
      id: 'moveDuration',
      label: 'Glide time',
      min: 0.1,
      max: 1,
      step: 0.05,
      unit: ' s',
      value: scene.moveDuration,
      onInput: (v) => (scene.moveDuration = v),
    });
    controls.slider({
      id: 'ikWeight',
      label: 'IK weight',
      min: 0,
      max: 1,
      step: 0.05,
      value: scene.ikWeight,
      onInput: (v) => (scene.ikWeight = v),
    });
    controls.toggle({
      id: 'baked',
      label: 'Baked arm',
      value: showBaked,
      onChange: (v) => {
        showBaked = v;
        place();
      },
    });

    const formula = controls.formula({ id: 'step' });
    const ikPhase = controls.readout({ id: 'ik-phase', label: 'IK arm is' });
    const ikPresses = controls.readout({ id: 'ik-presses', label: 'IK arm pressed (miss)' });
    const bakedPresses = controls.readout({
      id: 'baked-presses',
      label: 'Baked arm pressed (miss)',
    });
    const list = (ps: readonly Press[]) =>
      ps.length
        ? ps.map((p) => `${p.button} ${p.hit ? '✓' : '✗'} (${num(p.miss, 1)})`).join(' · ')
        : '—';

    return {
      root: scene.world,
      world: { x: -300, y: -160, width: 540, height: 450 },
      foldedInTree: (node) => node.name === 'Panel',
      update(dt) {
        scene.update(dt);
        for (const [n, t] of lit) lit.set(n, t - dt);
        const ik = scene.ik.presses;
        for (; seen.ik < ik.length; seen.ik++)
          if (ik[seen.ik]!.hit) lit.set(ik[seen.ik]!.button, LIT);
        const baked = scene.baked.presses;
        for (; seen.baked < baked.length; seen.baked++) {
          const p = baked[seen.baked]!;
          if (p.hit) lit.set(p.button, LIT);
          const aim = scene.panel.aimOf(p.button);
          if (aim) bakedMarks.push({ at: scene.character.baked.tip, aim, press: p });
        }
        scene.panel.buttons.forEach(
          (b, i) => (b.color = (lit.get(i + 1) ?? 0) > 0 ? 'accent' : 'bone'),
        );
        ikPhase.set(scene.ik.phase);
        ikPresses.set(list(ik));
        bakedPresses.set(showBaked ? list(baked) : 'hidden');
        formula.set(stepFormula(scene));
      },
      drawOverlay(p) {
        drawLabels(p, scene);
        if (showBaked) drawBakedMisses(p, bakedMarks);
        const t = scene.character.handTarget.globalPosition;
        if (scene.character.ik.enabled) p.dot(t, 4, 'target');
      },
      currentParams: () => ({
        layout,
        bones,
        ...offsets,
        moveDuration: scene.moveDuration,
        ikWeight: scene.ikWeight,
        baked: showBaked,
      }),
    };
  },
});

/** The formula beside the arm: the glide's lerp while IK moves the target, else the clip frame. */
function stepFormula(scene: ReachScene): string {
  const phase = scene.ik.phase;
  if (phase.startsWith('moving') || phase.startsWith('back')) {
    const t = scene.character.handTarget.position;
    return `p = p_0 + (p_1 - p_0)\\,\\frac{t}{T} \\qquad p = (${tex(t.x)}, ${tex(t.y)}),\\; T = ${tex(scene.moveDuration, 2)}\\,\\text{s}`;
  }
  if (phase === 'idle') return `\\text{type a sequence and press it}`;
  return `\\text{baked clip \\texttt{${phase.replace(/_/g, '\\_')}}, played at 24 frames a second}`;
}

function drawLabels(p: OverlayPainter, scene: ReachScene): void {
  scene.panel.aims.forEach((aim, i) => {
    p.text(String(i + 1), aim.globalPosition, {
      color: 'text',
      size: 14,
      offsetPx: { x: -4, y: -9 },
    });
  });
}

/** Where the baked finger pressed, against where it should have: a red cross and the miss. */
function drawBakedMisses(p: OverlayPainter, marks: { at: Vec2; aim: Vec2; press: Press }[]): void {
  for (const m of marks) {
    if (m.press.hit) continue;
    const s = 6;
    p.line(
      { x: m.at.x - s, y: m.at.y - s },
      { x: m.at.x + s, y: m.at.y + s },
      { color: 'target', width: 2.5 },
    );
    p.line(
      { x: m.at.x - s, y: m.at.y + s },
      { x: m.at.x + s, y: m.at.y - s },
      { color: 'target', width: 2.5 },
    );
    p.line(m.at, m.aim, { color: 'target', width: 1, dash: 3 });
  }
}
