import type { PanelLayout } from '../../procedural/reach/button-panel';
import { parseSequence, ReachScene } from '../../procedural/reach/reach-scene';
import type { ArmBoneCount } from '../../procedural/reach/reaching-character';
import { defineFigure } from '../define-figure';
import { reachSequenceFigure } from './description';
import { type BakedMark, drawReach } from './overlay';
import { phaseText, pressList, stepFormula } from './readouts';

/** How long a pressed button stays lit (s). */
const LIT = 0.5;

/**
 * Lesson 10: an arm presses a panel of buttons in the order the student types (seed 002 §4). The
 * IK arm glides its target to each button; the baked arm, faded, replays clips keyed for one
 * button in one scene. Move the character or the panel and watch only one of them keep hitting.
 */
export const reachSequenceDemo = defineFigure(reachSequenceFigure, (ui, params) => {
  const scene = new ReachScene(params.layout as PanelLayout, Number(params.bones) as ArmBoneCount);
  const offsets = {
    characterX: params.characterX,
    box: params.box,
    panelX: params.panelX,
    panelY: params.panelY,
  };
  let showBaked = params.baked;
  scene.moveDuration = params.moveDuration;
  scene.ikWeight = params.ikWeight;
  // What the last sequence left on show: lit buttons, the baked arm's crosses. Anything that
  // moves or rebuilds the scene makes them stale, so they go.
  const lit = new Map<number, number>();
  let bakedMarks: BakedMark[] = [];
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

  const field = ui.text('sequence', (text) => {
    if (scene.busy) return ui.say('busy');
    const seq = parseSequence(text, scene.buttonCount);
    if (typeof seq === 'string') return seq;
    scene.press(seq);
    forget();
    return '';
  });
  const example = (layout: string) => ui.say(layout === 'keypad' ? 'keypadExample' : 'fourExample');
  field.set(example(params.layout));
  ui.on('layout', (v) => {
    scene.setLayout(v as PanelLayout);
    place();
    field.set(example(v));
  });
  ui.on('bones', (v) => {
    scene.setBones(Number(v) as ArmBoneCount);
    place();
  });
  for (const id of ['characterX', 'box', 'panelX', 'panelY'] as const)
    ui.on(id, (v) => {
      offsets[id] = v;
      place();
    });
  ui.on('moveDuration', (v) => (scene.moveDuration = v));
  ui.on('ikWeight', (v) => (scene.ikWeight = v));
  ui.on('baked', (v) => {
    showBaked = v;
    place();
  });

  /** New presses light their buttons; the baked arm's mark where its finger went. */
  const notePresses = () => {
    const ik = scene.ik.presses;
    for (; seen.ik < ik.length; seen.ik++) if (ik[seen.ik]!.hit) lit.set(ik[seen.ik]!.button, LIT);
    const baked = scene.baked.presses;
    for (; seen.baked < baked.length; seen.baked++) {
      const p = baked[seen.baked]!;
      if (p.hit) lit.set(p.button, LIT);
      const aim = scene.panel.aimOf(p.button);
      if (aim) bakedMarks.push({ at: scene.character.baked.tip, aim, press: p });
    }
  };

  return {
    root: scene.world,
    foldedInTree: (node) => node.name === 'Panel',
    update(dt) {
      scene.update(dt);
      for (const [n, t] of lit) lit.set(n, t - dt);
      notePresses();
      scene.panel.buttons.forEach(
        (b, i) => (b.color = (lit.get(i + 1) ?? 0) > 0 ? 'accent' : 'bone'),
      );
      ui.readout('ik-phase').set(phaseText(ui, scene.ik.phase));
      ui.readout('ik-presses').set(pressList(ui, scene.ik.presses));
      ui.readout('baked-presses').set(
        showBaked ? pressList(ui, scene.baked.presses) : ui.say('hidden'),
      );
      ui.formula('step').set(stepFormula(ui, scene));
    },
    drawOverlay: (p) => drawReach(p, scene, showBaked ? bakedMarks : null),
  };
});
