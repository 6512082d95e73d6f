import type { TextControl, TextOptions } from '../../demos/contract.ts';
import { el, uniqueId } from '../dom.ts';

/**
 * A one-line text field with its submit button. What the figure says of a submitted text shows
 * beside it; the text stays, so nothing typed is lost.
 */
export function textField(o: TextOptions, into: HTMLElement): TextControl {
  const id = uniqueId(o.id);
  const form = el('form', 'control control--text');
  const label = el('label', '', o.label);
  label.htmlFor = id;
  const input = el('input');
  Object.assign(input, { type: 'text', id, value: o.value, autocomplete: 'off' });
  if (o.placeholder) input.placeholder = o.placeholder;
  input.dataset.control = o.id;
  const submit = el('button', 'control--button', o.submitLabel);
  submit.type = 'submit';
  submit.dataset.control = `${o.id}-submit`;
  const message = el('span', 'control-message');
  message.id = `${id}-message`;
  message.setAttribute('role', 'status');
  input.setAttribute('aria-describedby', message.id);
  const show = (problem: string) => {
    message.textContent = problem;
    form.classList.toggle('is-invalid', problem !== '');
    input.setAttribute('aria-invalid', String(problem !== ''));
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    show(o.onSubmit(input.value));
  });
  form.append(label, input, submit, message);
  if (o.help) form.title = o.help;
  into.append(form);
  return {
    set: (text) => {
      input.value = text;
      show(''); // a new text has not been judged yet
    },
  };
}
