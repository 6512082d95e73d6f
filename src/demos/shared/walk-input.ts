import type { ControlPanel } from '../contract';

interface HoldButtonSpec {
  id: string;
  label: string;
  title: string;
}

export interface LeftRightOptions {
  left: HoldButtonSpec;
  right: HoldButtonSpec;
  /** A and D work as well as the arrow keys. */
  letters: boolean;
  /** Runs when a person presses either way (e.g. the demo stops walking on its own). */
  onPress?: () => void;
}

/**
 * Left/right from every input a student has: the arrow keys (and A/D if asked) on the focused
 * figure, and two hold buttons (mouse, touch, or Space/Enter held on them). `direction` is −1
 * (left), 0 or +1 (right).
 */
export class LeftRightInput {
  private left = 0;
  private right = 0;

  constructor(
    controls: ControlPanel,
    private readonly o: LeftRightOptions,
  ) {
    controls.holdButton({ ...o.left, stepBar: true, onHold: (down) => this.set('left', down) });
    controls.holdButton({ ...o.right, stepBar: true, onHold: (down) => this.set('right', down) });
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

/** Lesson 8's walking: ← → or A, D, and two hold-to-walk buttons. */
export const walkInput = (controls: ControlPanel, onSteer: () => void): LeftRightInput =>
  new LeftRightInput(controls, {
    left: {
      id: 'walkLeft',
      label: '◀ Walk left',
      title: 'Hold to walk left (or hold the left arrow key on the figure)',
    },
    right: {
      id: 'walkRight',
      label: 'Walk right ▶',
      title: 'Hold to walk right (or hold the right arrow key on the figure)',
    },
    letters: true,
    onPress: onSteer,
  });

export const WALK_KEY_HELP = '← → (or A, D) walk while held.';

/** The 3D walkers' turning (lessons 12 and 15): ← → on the figure and two hold buttons. */
export const turnInput = (controls: ControlPanel): LeftRightInput =>
  new LeftRightInput(controls, {
    left: {
      id: 'turnLeft',
      label: '↶ Turn left',
      title: 'Hold to turn left (or hold ← on the figure)',
    },
    right: {
      id: 'turnRight',
      label: 'Turn right ↷',
      title: 'Hold to turn right (or hold → on the figure)',
    },
    letters: false,
  });
