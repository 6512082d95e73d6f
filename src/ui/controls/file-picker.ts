import type { FileControl, FileOptions, FileProgress } from '../../demos/contract.ts';
import { el, uniqueId } from '../dom.ts';

/**
 * A file picker (a button, so keyboards reach it), with what was loaded or what was wrong beside
 * it, and a long read's progress bar with a Stop button.
 */
export function filePicker(o: FileOptions, into: HTMLElement): FileControl {
  const id = uniqueId(o.id);
  const wrap = el('div', 'control control--file');
  const label = el('label', '', o.label);
  label.htmlFor = id;
  const input = el('input');
  Object.assign(input, { type: 'file', id, accept: o.accept });
  input.dataset.control = o.id;
  const message = el('span', 'control-message');
  message.setAttribute('role', 'status');
  const show = (text: string, isError: boolean) => {
    message.textContent = text;
    wrap.classList.toggle('is-invalid', isError && text !== '');
  };
  const bar = progressBar(wrap, message);
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    if (!f) return;
    const large = o.large;
    const read =
      large && f.size >= large.size
        ? large.take(f.name, f)
        : f.text().then((text) => o.onFile(f.name, text));
    void read.then((result) => {
      if (result.quiet) return;
      show(result.message, !result.ok);
      input.value = ''; // the same file may be chosen again after editing it
    });
  });
  wrap.append(label, input, message);
  if (o.help) wrap.title = o.help;
  into.append(wrap);
  return { show, progress: bar };
}

/** A long read's bar, what it is doing, and Stop, made on first use, before `before`. */
function progressBar(wrap: HTMLElement, before: HTMLElement): FileControl['progress'] {
  let bar: { box: HTMLElement; meter: HTMLProgressElement; text: HTMLElement } | null = null;
  let cancel: (() => void) | null = null;
  return (p: FileProgress | null) => {
    if (!p) {
      bar?.box.remove();
      bar = null;
      cancel = null;
      return;
    }
    if (!bar) {
      const box = el('div', 'control-progress');
      const meter = el('progress');
      meter.max = 1;
      const text = el('span', 'control-progress__text');
      const stop = el('button', 'control-progress__stop', 'Stop');
      stop.type = 'button';
      stop.addEventListener('click', () => cancel?.());
      box.append(meter, text, stop);
      wrap.insertBefore(box, before);
      bar = { box, meter, text };
    }
    cancel = p.onCancel;
    bar.meter.value = p.fraction;
    bar.meter.setAttribute('aria-label', p.label);
    bar.text.textContent = `${p.label} · ${Math.round(p.fraction * 100)}%`;
  };
}
