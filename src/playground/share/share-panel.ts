import { el } from '../../ui/dom.ts';

/**
 * Where a share link or an embed snippet appears: in a read-only field the student can select
 * (or that tests can read), copied to the clipboard when the browser allows it.
 */
export class SharePanel {
  readonly element = el('section', 'pg-share');
  private readonly label = el('label', 'pg-share__label');
  private readonly field = el('textarea', 'pg-share__text');
  private readonly note = el('span', 'pg-share__note');
  private opener: HTMLElement | null = null;

  constructor() {
    this.element.hidden = true;
    this.field.readOnly = true;
    this.field.rows = 2;
    this.field.id = 'pg-share-text';
    this.label.htmlFor = this.field.id;
    this.note.setAttribute('role', 'status');
    const copy = el('button', 'pg-share__copy', 'Copy');
    copy.type = 'button';
    copy.addEventListener('click', () => void this.copy());
    const close = el('button', 'pg-share__close', '✕');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', () => this.hide());
    const row = el('div', 'pg-share__row');
    row.append(this.field, copy, close);
    this.element.append(this.label, row, this.note);
  }

  async show(kind: 'link' | 'embed', text: string, label: string): Promise<void> {
    if (this.element.hidden) this.opener = document.activeElement as HTMLElement | null;
    this.element.hidden = false;
    this.element.dataset.kind = kind;
    this.label.textContent = label;
    this.field.value = text;
    this.field.focus();
    this.field.select();
    await this.copy();
  }

  /** Closes the panel; focus goes back to the button that opened it. */
  hide(): void {
    const hadFocus = this.element.contains(document.activeElement);
    this.element.hidden = true;
    if (hadFocus) this.opener?.focus();
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.field.value);
      this.note.textContent = 'Copied to the clipboard.';
    } catch {
      this.field.select();
      this.note.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  }
}
