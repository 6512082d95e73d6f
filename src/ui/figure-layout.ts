import { el, uniqueId } from './dom.ts';

export type DockTab = 'controls' | 'scene';

/**
 * A figure's page layout: its title bar, the canvas box, and the dock that holds its controls
 * and its scene panel as two tabs. CSS places the dock: a column beside the canvas when the
 * figure is wide (a laptop), under it when narrow (a phone), so what the student changes and
 * what it changes are seen together. The dock's height follows the canvas's; it scrolls.
 */
export class FigureLayout {
  readonly element = el('figure', 'demo');
  readonly body = el('div', 'demo-body');
  readonly stage = el('div', 'demo-stage');
  readonly canvasBox = el('div', 'demo-canvas');
  readonly dock = el('div', 'demo-dock');
  private readonly tabs = el('div', 'demo-tabs');
  private readonly panes = new Map<DockTab, { tab: HTMLButtonElement; pane: HTMLElement }>();
  private sceneOpened: (() => void) | null = null;
  /** Resolves the first time the Scene tab is opened. */
  readonly sceneWanted = new Promise<void>((resolve) => (this.sceneOpened = resolve));

  constructor(
    { title, summary }: { title: string; summary: string },
    controls: HTMLElement,
    scene: boolean,
  ) {
    this.canvasBox.setAttribute('role', 'img');
    this.canvasBox.setAttribute('aria-label', `${title}. ${summary}`);
    this.stage.append(this.canvasBox);
    this.tabs.setAttribute('role', 'tablist');
    this.tabs.setAttribute('aria-label', `${title}: controls and scene`);
    this.addPane('controls', 'Controls', controls);
    if (scene) this.addPane('scene', 'Scene', el('div', 'scene-panel scene-panel--loading'));
    this.tabs.hidden = !scene;
    const inner = el('div', 'demo-dock__inner');
    inner.append(this.tabs, ...[...this.panes.values()].map((p) => p.pane));
    this.dock.append(inner);
    this.body.append(this.stage, this.dock);
    this.show('controls');
  }

  /** The figure's title bar, with its Reset (a chromeless embed has none). */
  caption(title: string, onReset: () => void): void {
    const caption = el('figcaption', 'demo-title');
    caption.append(el('span', 'demo-title__text', title));
    const reset = el('button', 'demo-reset', 'Reset');
    reset.type = 'button';
    reset.title = 'Back to this figure’s preset: its points, sliders and switches as first shown';
    reset.addEventListener('click', onReset);
    caption.append(reset);
    this.element.prepend(caption);
  }

  /** The parts in page order, once the caption (if any) and messages are in. */
  mount(): void {
    this.element.append(this.body);
  }

  /** Puts the scene panel into its tab (it loads after the figure). */
  fillScene(panel: HTMLElement): void {
    const p = this.panes.get('scene');
    if (!p) return;
    panel.id = p.pane.id;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', p.tab.id);
    panel.hidden = p.pane.hidden;
    p.pane.replaceWith(panel);
    p.pane = panel;
  }

  show(which: DockTab): void {
    for (const [name, p] of this.panes) {
      const on = name === which;
      p.pane.hidden = !on;
      p.tab.setAttribute('aria-selected', String(on));
      p.tab.tabIndex = on ? 0 : -1;
    }
    this.element.dataset.tab = which;
    if (which === 'scene') this.sceneOpened?.();
  }

  private addPane(name: DockTab, label: string, pane: HTMLElement): void {
    const tab = el('button', 'demo-tab', label);
    tab.type = 'button';
    tab.id = uniqueId(`tab-${name}`);
    tab.setAttribute('role', 'tab');
    pane.id = uniqueId(`pane-${name}`);
    pane.setAttribute('role', 'tabpanel');
    pane.setAttribute('aria-labelledby', tab.id);
    tab.setAttribute('aria-controls', pane.id);
    tab.dataset.tab = name;
    tab.addEventListener('click', () => this.show(name));
    // Arrow keys move between tabs, as in any tab list.
    tab.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      const names = [...this.panes.keys()];
      const next =
        names[
          (names.indexOf(name) + (e.key === 'ArrowRight' ? 1 : names.length - 1)) % names.length
        ]!;
      this.show(next);
      this.panes.get(next)!.tab.focus();
    });
    this.tabs.append(tab);
    this.panes.set(name, { tab, pane });
  }
}
