export { Creature2D, type CreatureLeg, type LookSettings } from './creature-2d';
export { buildCreature } from './build-creature';
export { CREATURE_PRESETS, type CreaturePreset, planCreature } from './creature-presets';
export {
  updateRootMotion,
  defaultRootMotion,
  type RootMotionSettings,
  type RootState,
} from './root-motion';
export { advanceStep, startStep, wantsStep, newFootStep, type StepSettings } from './step-arc';
