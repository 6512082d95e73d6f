import type { Node } from '../../scene/node.ts';
import type { Property } from '../../scene/property.ts';
import { el, uniqueId } from '../../ui/dom.ts';
import type { SceneEditor } from '../editor/scene-editor.ts';

/** What every field editor gets: the node, its property, and the editor to send edits to. */
export interface FieldContext {
  editor: SceneEditor;
  node: Node;
  property: Property;
}

/** A field in the inspector: its element, and how to show the property's current value. */
export interface Field {
  element: HTMLElement;
  /** Shows the live value, unless the student is typing in this field. */
  refresh(): void;
}

/** A row: the label (tooltip: the property's help), the control, and a line for messages. */
export function fieldRow(
  ctx: FieldContext,
  control: HTMLElement,
  labelFor: HTMLElement | null,
): { row: HTMLElement; label: HTMLElement; message: HTMLElement; say(text: string): void } {
  const row = el('div', 'pg-field');
  row.dataset.property = ctx.property.name;
  const label = el('label', 'pg-field__label', ctx.property.label);
  if (ctx.property.help) label.title = ctx.property.help;
  if (labelFor) {
    if (!labelFor.id) labelFor.id = uniqueId(`pg-${ctx.property.name}`);
    (label as HTMLLabelElement).htmlFor = labelFor.id;
  }
  const message = el('p', 'pg-field__message');
  message.id = uniqueId('pg-msg');
  message.setAttribute('role', 'status');
  for (const input of control.querySelectorAll('input, select, textarea'))
    input.setAttribute('aria-describedby', message.id);
  if (control.matches('input, select, textarea'))
    control.setAttribute('aria-describedby', message.id);
  row.append(label, control, message);
  const say = (text: string) => {
    message.textContent = text;
    row.classList.toggle('is-invalid', text !== '' && !text.startsWith('✓'));
  };
  return { row, label, message, say };
}

const focused = (e: Element) => document.activeElement === e;

/**
 * A number typed as text (so a wrong entry stays visible with its message, unlike
 * <input type=number>), with ↑/↓ to step (Shift: ×10) and a label you can drag sideways to
 * scrub the value, as in Godot's and Blender's inspectors. `toUi`/`fromUi` convert units
 * (radians ↔ degrees). Edits go through `commit`, which returns '' or what is wrong.
 */
export function numberInput(o: {
  label: HTMLElement | null;
  read: () => number;
  commit: (value: number, merge: boolean) => string;
  step: number;
  digits: number;
  unit?: string;
  name: string;
  say: (text: string) => void;
  scrub?: { begin(): void; set(value: number): void; end(): void };
}): { input: HTMLInputElement; refresh(): void; attachScrub(label: HTMLElement): void } {
  const input = el('input', 'pg-number');
  input.type = 'text';
  input.inputMode = 'decimal';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('aria-label', o.name);
  let dirty = false;
  const show = () => {
    const v = o.read();
    input.value = Number.isFinite(v) ? String(Number(v.toFixed(o.digits))) : '';
  };
  const submit = (
    merge: boolean,
    value = Number(input.value.trim().replace(/°$/, '').replace('−', '-')),
  ) => {
    if (input.value.trim() === '' || !Number.isFinite(value)) {
      o.say(`${o.name}: type a number${o.unit ? ` (${o.unit})` : ''}; got "${input.value}".`);
      input.setAttribute('aria-invalid', 'true');
      return;
    }
    const problem = o.commit(value, merge);
    o.say(problem);
    input.setAttribute('aria-invalid', String(problem !== ''));
    dirty = problem !== '';
    if (!problem) show();
  };
  input.addEventListener('input', () => (dirty = true));
  input.addEventListener('change', () => submit(false));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      submit(false);
      e.preventDefault();
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const step = o.step * (e.shiftKey ? 10 : 1) * (e.key === 'ArrowUp' ? 1 : -1);
      submit(true, Number((o.read() + step).toFixed(o.digits)));
    } else if (e.key === 'Escape') {
      dirty = false;
      o.say('');
      show();
    }
  });
  input.addEventListener('blur', () => {
    if (!dirty) show();
  });
  const attachScrub = (label: HTMLElement) => {
    if (!o.scrub) return;
    const scrub = o.scrub;
    label.classList.add('is-scrubbable');
    label.title = `${label.title ? `${label.title} ` : ''}Drag sideways to change it (Shift: faster, Alt: finer).`;
    let from: { x: number; value: number; id: number } | null = null;
    label.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      label.setPointerCapture(e.pointerId);
      from = { x: e.clientX, value: o.read(), id: e.pointerId };
      scrub.begin();
    });
    label.addEventListener('pointermove', (e) => {
      if (!from || e.pointerId !== from.id) return;
      const k = e.shiftKey ? 10 : e.altKey ? 0.1 : 1;
      const v = from.value + ((e.clientX - from.x) / 4) * o.step * k;
      scrub.set(Number(v.toFixed(o.digits)));
      show();
    });
    const end = (e: PointerEvent) => {
      if (!from || e.pointerId !== from.id) return;
      from = null;
      scrub.end();
      show();
    };
    label.addEventListener('pointerup', end);
    label.addEventListener('pointercancel', end);
  };
  show();
  return {
    input,
    refresh: () => {
      if (!dirty && !focused(input)) show();
    },
    attachScrub,
  };
}
