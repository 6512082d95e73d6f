export { Spider2D, defaultGait, type SpiderGait } from './spider-2d';
export { BakedSpider2D } from './baked-spider-2d';
export { buildSpider, buildBakedSpider } from './build-spider';
export { LEG_COUNTS, type LegCount, planSpider, type SpiderPlan } from './spider-shape';
export { canStep, bothGroupsLifted, type LegState } from './leg-state';
export { FootContactMeter, legTips } from './foot-contact-meter';
export { bakeWalkClip, type WalkClip } from './baked-walk-clip';
