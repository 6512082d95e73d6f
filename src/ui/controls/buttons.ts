import type { ButtonControl, ButtonOptions } from '../../demos/contract.ts';
import { el } from '../dom.ts';

/** A <button> with its id, label and tooltip, and the handle figures keep. */
export function makeButton(
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
