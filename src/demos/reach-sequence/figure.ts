import type { PanelLayout } from '../../procedural/reach/button-panel.ts';
import { parseSequence, ReachScene } from '../../procedural/reach/reach-scene.ts';
import type { ArmBoneCount } from '../../procedural/reach/reaching-character.ts';
import { defineFigure } from '../define-figure.ts';
import { reachSequenceFigure } from './description.ts';
import { drawReach, PressMarks } from './overlay.ts';
import { phaseText, pressList, stepFormula } from './readouts.ts';

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
  const marks = new PressMarks(scene);
  const place = () => {
    marks.forget();
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
    marks.forget();
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

  return {
    root: scene.world,
    foldedInTree: (node) => node.name === 'Panel',
    update(dt) {
      scene.update(dt);
      marks.update(dt);
      ui.readout('ik-phase').set(phaseText(ui, scene.ik.phase));
      ui.readout('ik-presses').set(pressList(ui, scene.ik.presses));
      ui.readout('baked-presses').set(
        showBaked ? pressList(ui, scene.baked.presses) : ui.say('hidden'),
      );
      ui.formula('step').set(stepFormula(ui, scene));
    },
    drawOverlay: (p) => drawReach(p, scene, showBaked ? marks.bakedMarks : null),
  };
});
