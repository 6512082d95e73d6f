export { ReachScene, parseSequence } from './reach-scene';
export { ButtonPanel2D, PANEL_LAYOUTS, type PanelLayout } from './button-panel';
export { ReachingCharacter } from './reaching-character';
export {
  Sequencer,
  type Coroutine,
  moveToTarget,
  playClip,
  pressButtonsIK,
  pressButtonsBaked,
} from './press-sequence';
export { CLIPS, TIMELINE_FPS, keyTimeline } from './press-timeline';
