import type { ControlPanel } from '../contract';

/**
 * Left/right steering from every input a student has: arrow keys or A/D on the focused canvas,
 * and two hold-to-walk buttons (mouse, touch, or Space/Enter held on them). `direction` is −1,
 * 0 or +1; `onSteer` runs when a person takes over (the demo stops walking on its own).
 */
export class WalkInput {
  private left = 0;
  private right = 0;

  constructor(
    controls: ControlPanel,
    private readonly onSteer: () => void,
  ) {
    controls.holdButton({
      id: 'walkLeft',
      label: '◀ Walk left',
      title: 'Hold to walk left (or hold the left arrow key on the figure)',
      onHold: (down) => this.set('left', down),
    });
    controls.holdButton({
      id: 'walkRight',
      label: 'Walk right ▶',
      title: 'Hold to walk right (or hold the right arrow key on the figure)',
      onHold: (down) => this.set('right', down),
    });
  }

  get direction(): number {
    return Math.sign(this.right - this.left);
  }

  static readonly keyHelp = '← → (or A, D) walk while held.';

  /** For DemoInstance.onKey. */
  key(key: string, down: boolean): boolean {
    const k = key.toLowerCase();
    if (k === 'arrowleft' || k === 'a') this.set('left', down);
    else if (k === 'arrowright' || k === 'd') this.set('right', down);
    else return false;
    return true;
  }

  private set(which: 'left' | 'right', down: boolean): void {
    const v = down ? 1 : 0;
    if (this[which] === v) return;
    this[which] = v;
    if (down) this.onSteer();
  }
}
