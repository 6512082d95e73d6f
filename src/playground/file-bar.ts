import { el } from '../ui/dom.ts';
import { MenuButton } from '../ui/menu-button.ts';
import { PRESETS, type Preset } from './presets.ts';
import { SHARE_LIMIT } from './share/scene-code.ts';

/** What the file bar asks the playground to do. */
export interface SceneActions {
  newScene(): void;
  openPreset(preset: Preset): void;
  openFile(file: File): void;
  save(): void;
  share(): void;
  embed(): void;
  undo(): void;
  redo(): void;
}

/**
 * The playground's file bar: start a new scene (empty, or any 2D lesson's), open a .json file,
 * save one, share a link, copy an embed snippet, undo and redo. Each button says what it does
 * and its key in its tooltip.
 */
export class FileBar {
  readonly element = el('div', 'pg-filebar');
  readonly undoButton: HTMLButtonElement;
  readonly redoButton: HTMLButtonElement;
  private readonly newMenu = new MenuButton('New ▾', 'Start a new scene: empty, or a lesson’s');

  constructor(private readonly actions: SceneActions) {
    this.element.setAttribute('role', 'toolbar');
    this.element.setAttribute('aria-label', 'Scene file');
    this.newMenu.button.dataset.action = 'new';
    this.newMenu.button.classList.add('pg-filebar__button');
    this.newMenu.menu.classList.add('pg-menu');
    this.buildMenu();
    const file = el('input');
    file.type = 'file';
    file.accept = '.json,application/json';
    file.className = 'visually-hidden';
    file.tabIndex = -1;
    file.dataset.action = 'open-file';
    file.addEventListener('change', () => {
      const f = file.files?.[0];
      if (f) actions.openFile(f);
      file.value = '';
    });
    const open = this.button(
      'open',
      'Open…',
      'Open a scene file (.json); you can also drop one on the page',
      () => file.click(),
    );
    const save = this.button(
      'save',
      'Save .json',
      'Download the scene as a .json file (Ctrl+S)',
      () => actions.save(),
    );
    const share = this.button(
      'share',
      'Share link',
      `A link that carries the whole scene (up to ${SHARE_LIMIT.toLocaleString('en')} characters of it)`,
      () => actions.share(),
    );
    const embed = this.button(
      'embed',
      'Embed snippet',
      'An <iframe> that shows this scene in any web page',
      () => actions.embed(),
    );
    this.undoButton = this.button('undo', '↶ Undo', 'Undo (Ctrl+Z)', () => actions.undo());
    this.redoButton = this.button('redo', '↷ Redo', 'Redo (Ctrl+Shift+Z or Ctrl+Y)', () =>
      actions.redo(),
    );
    const sep = () => el('span', 'pg-filebar__sep');
    this.element.append(
      this.newMenu.element,
      open,
      file,
      save,
      share,
      embed,
      sep(),
      this.undoButton,
      this.redoButton,
    );
  }

  /** Undo/redo buttons name the step they would take. */
  setHistory(undo: string, redo: string): void {
    this.undoButton.disabled = !undo;
    this.redoButton.disabled = !redo;
    this.undoButton.title = undo ? `Undo: ${undo} (Ctrl+Z)` : 'Nothing to undo';
    this.redoButton.title = redo ? `Redo: ${redo} (Ctrl+Shift+Z)` : 'Nothing to redo';
  }

  private button(action: string, label: string, title: string, run: () => void): HTMLButtonElement {
    const b = el('button', 'pg-filebar__button', label);
    b.type = 'button';
    b.title = title;
    b.dataset.action = action;
    b.addEventListener('click', run);
    return b;
  }

  private buildMenu(): void {
    const item = (label: string, detail: string, run: () => void, id: string) => {
      const b = this.newMenu.item(
        [el('span', 'pg-menu__label', label), el('span', 'pg-menu__detail', detail)],
        run,
      );
      b.classList.add('pg-menu__item');
      b.dataset.preset = id;
    };
    item('Empty scene', 'a root and nothing else', () => this.actions.newScene(), 'empty');
    this.newMenu.menu.append(el('p', 'pg-menu__heading', 'A lesson’s scene'));
    for (const p of PRESETS)
      item(p.title, `lesson ${p.lesson}`, () => this.actions.openPreset(p), p.id);
  }
}
