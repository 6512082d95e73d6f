export { Creature2D, type CreatureLeg, type LookSettings } from './creature-2d.ts';
export { buildCreature } from './build-creature.ts';
export { CREATURE_PRESETS, type CreaturePreset, planCreature } from './creature-presets.ts';
export {
  updateRootMotion,
  defaultRootMotion,
  type RootMotionSettings,
  type RootState,
} from './root-motion.ts';
export { advanceStep, startStep, wantsStep, newFootStep, type StepSettings } from './step-arc.ts';
