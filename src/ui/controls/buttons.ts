import type { ButtonControl, ButtonOptions, HoldButtonOptions } from '../../demos/contract';
import { el } from '../dom';

/** A <button> with its id, label and tooltip, and the handle figures keep. */
function makeButton(
  o: { id: string; label: string; title?: string },
  className: string,
  into: HTMLElement,
): { element: HTMLButtonElement; control: ButtonControl } {
  const b = el('button', className, o.label);
  b.type = 'button';
  b.dataset.control = o.id;
  if (o.title) b.title = o.title;
  into.append(b);
  return {
    element: b,
    control: {
      setLabel: (label) => {
        if (b.textContent !== label) b.textContent = label;
      },
      setDisabled: (disabled) => (b.disabled = disabled),
      setPressed: (pressed) => b.setAttribute('aria-pressed', String(pressed)),
    },
  };
}

/** A button pressed once. */
export function button(o: ButtonOptions, into: HTMLElement): ButtonControl {
  const { element, control } = makeButton(o, 'control control--button', into);
  element.addEventListener('click', () => o.onClick());
  return control;
}

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
