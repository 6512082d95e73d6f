import type { ButtonControl } from '../contract.ts';
import type { ActionSpec } from '../description.ts';

/** The hold buttons lesson 8's figures walk with: spread into a description's `actions`. */
export const WALK_ACTIONS = {
  walkLeft: {
    label: '◀ Walk left',
    kind: 'hold',
    stepBar: true,
    help: 'Hold to walk left (or hold the left arrow key on the figure)',
  },
  walkRight: {
    label: 'Walk right ▶',
    kind: 'hold',
    stepBar: true,
    help: 'Hold to walk right (or hold the right arrow key on the figure)',
  },
} as const satisfies Record<string, ActionSpec>;

/** The 3D walkers' turning (lessons 12 and 15): spread into a description's `actions`. */
export const TURN_ACTIONS = {
  turnLeft: {
    label: '↶ Turn left',
    kind: 'hold',
    stepBar: true,
    help: 'Hold to turn left (or hold ← on the figure)',
  },
  turnRight: {
    label: 'Turn right ↷',
    kind: 'hold',
    stepBar: true,
    help: 'Hold to turn right (or hold → on the figure)',
  },
} as const satisfies Record<string, ActionSpec>;

export const WALK_KEY_HELP = '← → (or A, D) walk while held.';

/** How a figure's kit binds a hold button (FigureUi.action). */
type BindHold = (name: never, fn: (down: boolean) => void) => ButtonControl;

/**
 * Left/right from every input a student has: the arrow keys (and A/D if asked) on the focused
 * figure, and two hold buttons (mouse, touch, or Space/Enter held on them). `direction` is −1
 * (left), 0 or +1 (right).
 */
export class LeftRightInput {
  private left = 0;
  private right = 0;

  constructor(
    bind: BindHold,
    names: { left: string; right: string },
    private readonly o: {
      /** A and D work as well as the arrow keys. */
      letters: boolean;
      /** Runs when a person presses either way (e.g. the demo stops walking on its own). */
      onPress?: () => void;
    },
  ) {
    bind(names.left as never, (down) => this.set('left', down));
    bind(names.right as never, (down) => this.set('right', down));
  }

  get direction(): number {
    return Math.sign(this.right - this.left);
  }

  /** For DemoInstance.onKey: true if the key was one of this input's. */
  key(key: string, down: boolean): boolean {
    const k = key.toLowerCase();
    if (k === 'arrowleft' || (this.o.letters && k === 'a')) this.set('left', down);
    else if (k === 'arrowright' || (this.o.letters && k === 'd')) this.set('right', down);
    else return false;
    return true;
  }

  private set(which: 'left' | 'right', down: boolean): void {
    const v = down ? 1 : 0;
    if (this[which] === v) return;
    this[which] = v;
    if (down) this.o.onPress?.();
  }
}

/**
 * Lesson 8's walking: ← → or A, D, and the two hold buttons of WALK_ACTIONS, bound through the
 * figure's kit (`ui.action`).
 */
export const walkInput = (action: BindHold, onSteer: () => void): LeftRightInput =>
  new LeftRightInput(
    action,
    { left: 'walkLeft', right: 'walkRight' },
    {
      letters: true,
      onPress: onSteer,
    },
  );

/** The 3D walkers' turning: ← → and the two hold buttons of TURN_ACTIONS. */
export const turnInput = (action: BindHold): LeftRightInput =>
  new LeftRightInput(action, { left: 'turnLeft', right: 'turnRight' }, { letters: false });
