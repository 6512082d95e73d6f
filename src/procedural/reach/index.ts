export { ReachScene, parseSequence } from './reach-scene.ts';
export { ButtonPanel2D, PANEL_LAYOUTS, type PanelLayout } from './button-panel.ts';
export { ReachingCharacter } from './reaching-character.ts';
export {
  Sequencer,
  type Coroutine,
  moveToTarget,
  playClip,
  pressButtonsIK,
  pressButtonsBaked,
} from './press-sequence.ts';
export { CLIPS, TIMELINE_FPS, keyTimeline } from './press-timeline.ts';
