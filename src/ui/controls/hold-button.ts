import type { ButtonControl, HoldButtonOptions } from '../../demos/contract.ts';
import { makeButton } from './buttons.ts';

/** A button that acts while held: mouse, touch, or Space/Enter held on it ("walk ▶"). */
export function holdButton(o: HoldButtonOptions, into: HTMLElement): ButtonControl {
  const { element: b, control } = makeButton(o, 'control control--button control--hold', into);
  let held = false;
  const set = (down: boolean) => {
    if (down === held) return;
    held = down;
    b.classList.toggle('is-held', down);
    b.setAttribute('aria-pressed', String(down));
    o.onHold(down);
  };
  b.addEventListener('pointerdown', (e) => {
    e.preventDefault(); // no text selection or long-press menu while walking
    b.setPointerCapture(e.pointerId);
    set(true);
  });
  for (const end of ['pointerup', 'pointercancel', 'lostpointercapture'] as const)
    b.addEventListener(end, () => set(false));
  b.addEventListener('contextmenu', (e) => e.preventDefault());
  b.addEventListener('keydown', (e) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      set(true);
    }
  });
  b.addEventListener('keyup', (e) => {
    if (e.key === ' ' || e.key === 'Enter') set(false);
  });
  b.addEventListener('blur', () => set(false));
  return control;
}
