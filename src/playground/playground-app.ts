import { NODE_TYPES } from '../ik/node-types.ts';
import type { RendererKind } from '../render/renderer-kind.ts';
import type { SceneDocument } from '../scene/scene-json.ts';
import { el } from '../ui/dom.ts';
import { EditorCanvas } from './canvas/editor-canvas.ts';
import { TOOLS } from './canvas/gizmo.ts';
import { SceneDock } from './dock/scene-dock.ts';
import { emptyScene, SceneEditor } from './editor/scene-editor.ts';
import { FileBar } from './file-bar.ts';
import { Inspector } from './inspector/inspector.ts';
import type { Preset } from './presets.ts';
import { freshDemoScene } from '../demos/demo-scene.ts';
import { MAX_SCENE_BYTES, openSceneText } from './share/scene-file.ts';
import {
  decodeScene,
  encodeScene,
  SCENE_HASH_KEY,
  SHARE_LIMIT,
  sceneCodeIn,
} from './share/scene-code.ts';
import { loadAutosave, saveAutosave, takeHandoff } from '../ui/scene-store.ts';
import { SharePanel } from './share/share-panel.ts';
import { SolverPanel } from './solver/solver-panel.ts';
import { StatusBar } from './status-bar.ts';
import { iframeSnippet } from '../ui/embed-snippet.ts';

/**
 * The playground page: the scene dock, the canvas, the inspector and the solver's step controls
 * around one SceneEditor, with the file bar (new, open, save, share, embed, undo) above. The
 * scene is saved in this browser after every edit and restored on the next visit; a link's or a
 * lesson's scene replaces it as one undoable step, so the scene you had is one Undo away.
 */
export class PlaygroundApp {
  readonly editor = new SceneEditor(NODE_TYPES);
  readonly canvas: EditorCanvas;
  private readonly dock: SceneDock;
  private readonly inspector: Inspector;
  private readonly solver: SolverPanel;
  private readonly files: FileBar;
  private readonly share: SharePanel;
  private readonly messages = el('div', 'pg-messages');
  private readonly error = el('div', 'demo-error pg-error');
  private readonly info = el('p', 'pg-info');
  private saveTimer = 0;
  /** Counts loads (files, presets, links): a slow one finishing after a newer one is dropped. */
  private loads = 0;
  private frames = 0;

  constructor(host: HTMLElement, renderer: RendererKind) {
    this.canvas = new EditorCanvas(this.editor, renderer);
    this.dock = new SceneDock(this.editor, () => this.canvas.centre);
    this.inspector = new Inspector(this.editor);
    this.solver = new SolverPanel(this.editor, this.canvas);
    this.share = new SharePanel();
    this.files = new FileBar({
      newScene: () =>
        this.replace(
          emptyScene(),
          'New scene',
          'A new, empty scene. Undo brings the last one back.',
        ),
      openPreset: (p) => void this.openPreset(p),
      openFile: (f) => void this.openFile(f),
      save: () => this.download(),
      share: () => void this.shareLink(),
      embed: () => void this.embedSnippet(),
      undo: () => this.editor.undo(),
      redo: () => this.editor.redo(),
    });
    this.error.setAttribute('role', 'alert');
    this.error.hidden = true;
    this.info.setAttribute('role', 'status');
    this.messages.append(this.error, this.info);
    const status = new StatusBar(this.canvas);
    const centre = el('div', 'pg-centre');
    centre.append(this.canvas.element, status.element);
    const side = el('div', 'pg-side');
    side.append(this.inspector.element, this.solver.element);
    const layout = el('div', 'pg-layout');
    layout.append(this.dock.element, centre, side);
    host.append(this.files.element, this.messages, this.share.element, layout);
    this.canvas.onFrame = (dt) => this.frame(dt);
    this.editor.changed.connect((kind) => {
      this.files.setHistory(this.editor.history.undoLabel, this.editor.history.redoLabel);
      if (kind !== 'selection') this.scheduleSave();
    });
    this.wireKeys();
    this.wireDrop(host);
    addEventListener('pagehide', () => this.saveNow());
  }

  /** Loads what the page was opened with (a link, a lesson's hand-over, the autosave), then runs. */
  async start(): Promise<void> {
    const saved = loadAutosave();
    if (saved) {
      const r = openSceneText(saved, NODE_TYPES, 'The scene saved in this browser');
      if (r.ok) this.editor.reset(r.doc);
      else this.say(`${r.message} Starting with an empty scene.`);
    }
    await this.openFromHash();
    // A share link pasted into this tab's address bar changes only the fragment.
    addEventListener('hashchange', () => void this.openFromHash());
    await this.canvas.start();
    this.files.setHistory(this.editor.history.undoLabel, this.editor.history.redoLabel);
    const observer = new MutationObserver(() => this.canvas.refreshTheme());
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    document.body.dataset.playground = 'ready';
  }

  /**
   * A link's scene (#scene=…) or a lesson's hand-over (#handoff=…), opened as one undoable step
   * over the scene there was; the fragment is then cleared, so a reload keeps the autosave.
   */
  private async openFromHash(): Promise<void> {
    const code = sceneCodeIn(location.hash);
    const handoff = new URLSearchParams(location.hash.replace(/^#/, '')).get('handoff');
    if (code === null && handoff === null) return;
    history.replaceState(null, '', location.pathname + location.search);
    const token = ++this.loads;
    if (handoff !== null) {
      const h = takeHandoff(handoff);
      if (!h)
        return this.say(
          'This link came from a lesson’s “Open in the playground”: it only works in the browser that opened it, once, within ten minutes. Use “Share link” to pass a scene on. The scene you were editing is unchanged.',
        );
      this.openText(
        h.json,
        `The scene from “${h.from}”`,
        `Opened “${h.from}” from the lesson${h.note ? '.' : ', as it was.'}${h.note} Undo brings back the scene you had.`,
      );
      return;
    }
    try {
      const text = await decodeScene(code!, MAX_SCENE_BYTES);
      if (token === this.loads)
        this.openText(
          text,
          'The scene in this link',
          'Opened the scene from the link. Undo brings back the scene you had.',
        );
    } catch (e) {
      if (token === this.loads)
        this.say(`${(e as Error).message} The scene you were editing is unchanged.`);
    }
  }

  private frame(dt: number): void {
    this.solver.update(dt);
    if (++this.frames % 6 === 0) this.inspector.refresh();
  }

  say(text: string, isError = true): void {
    if (isError) {
      this.error.textContent = text;
      this.error.hidden = text === '';
      if (text) this.info.textContent = '';
    } else {
      this.info.textContent = text;
      this.error.hidden = true;
    }
  }

  private replace(doc: SceneDocument, label: string, note: string): void {
    this.editor.replaceScene(doc, label);
    this.canvas.frameAll();
    this.say(note, false);
  }

  private openText(text: string, what: string, note: string): boolean {
    const r = openSceneText(text, NODE_TYPES, what);
    if (!r.ok) {
      this.say(`${r.message} The scene you were editing is unchanged.`);
      return false;
    }
    this.editor.replaceScene(r.doc, `Open ${what.toLowerCase()}`);
    this.say(note, false);
    return true;
  }

  private async openFile(file: File): Promise<void> {
    if (file.size > MAX_SCENE_BYTES) {
      this.say(
        `${file.name} was not opened: it is ${(file.size / 1e6).toFixed(1)} MB; the playground opens scenes up to ${(MAX_SCENE_BYTES / 1e6).toFixed(1)} MB. The scene you were editing is unchanged.`,
      );
      return;
    }
    const token = ++this.loads;
    const text = await file.text();
    if (token === this.loads)
      this.openText(text, file.name, `Opened ${file.name}. Undo brings back the scene you had.`);
  }

  private async openPreset(p: Preset): Promise<void> {
    this.say(`Loading “${p.title}”…`, false);
    const token = ++this.loads;
    try {
      const def = await p.load();
      if (token !== this.loads) return;
      const { json, note } = freshDemoScene(def);
      this.openText(
        JSON.stringify(json),
        `Lesson ${p.lesson}’s scene`,
        `Opened lesson ${p.lesson}’s scene “${p.title}”.${note} Undo brings back the scene you had.`,
      );
    } catch (e) {
      this.say(
        `Lesson ${p.lesson}’s scene could not be loaded (${(e as Error).message}). Check the connection and try again; the scene you were editing is unchanged.`,
      );
    }
  }

  /** The scene file's text, with the view as the canvas shows it now. */
  sceneText(space = 0): string {
    this.editor.setView(this.canvas.shownRect);
    return JSON.stringify(this.editor.toJSON(), null, space);
  }

  private download(): void {
    const name = `${(this.editor.title || this.editor.root.name).replace(/[^\w-]+/g, '-').toLowerCase() || 'scene'}.json`;
    const url = URL.createObjectURL(new Blob([this.sceneText(2)], { type: 'application/json' }));
    const a = el('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.say(`Saved ${name}.`, false);
  }

  /** The scene's code for a link, or null (and a message) if it is too long for one. */
  private async code(): Promise<string | null> {
    const code = await encodeScene(this.sceneText());
    if (code.length > SHARE_LIMIT) {
      this.say(
        `This scene needs ${code.length.toLocaleString('en')} characters in a link; share links hold up to ${SHARE_LIMIT.toLocaleString('en')}. Save it as .json and share the file instead (Open… reads it back).`,
      );
      return null;
    }
    return code;
  }

  private async shareLink(): Promise<void> {
    const code = await this.code();
    if (code === null) return this.share.hide();
    const url = new URL(location.href);
    url.hash = `${SCENE_HASH_KEY}=${code}`;
    this.say('', false);
    await this.share.show(
      'link',
      url.href,
      `Share link (${code.length.toLocaleString('en')} of ${SHARE_LIMIT.toLocaleString('en')} characters of scene)`,
    );
  }

  private async embedSnippet(): Promise<void> {
    const code = await this.code();
    if (code === null) return this.share.hide();
    const src = new URL(`embed.html#${SCENE_HASH_KEY}=${code}`, location.href).href;
    this.say('', false);
    await this.share.show(
      'embed',
      iframeSnippet(src, this.editor.title || 'IK scene'),
      'Embed snippet: paste it into any web page',
    );
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = window.setTimeout(() => this.saveNow(), 300);
  }

  private saveNow(): void {
    clearTimeout(this.saveTimer);
    const problem = saveAutosave(this.sceneText());
    if (problem) this.say(problem);
  }

  private wireDrop(host: HTMLElement): void {
    host.addEventListener('dragover', (e) => {
      if (e.dataTransfer?.types.includes('Files')) {
        e.preventDefault();
        host.classList.add('is-dropping');
      }
    });
    host.addEventListener('dragleave', (e) => {
      if (e.target === host) host.classList.remove('is-dropping');
    });
    host.addEventListener('drop', (e) => {
      const f = e.dataTransfer?.files[0];
      host.classList.remove('is-dropping');
      if (!f) return;
      e.preventDefault();
      void this.openFile(f);
    });
  }

  private wireKeys(): void {
    addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement;
      // Text fields keep their own keys (their own undo, letters); a checkbox or a list does not
      // type, so Ctrl+Z there undoes the scene edit it just made.
      const typing =
        t.closest(
          'input:not([type="checkbox"]):not([type="radio"]):not([type="color"]):not([type="file"]), textarea, [contenteditable]',
        ) !== null;
      const inList = t.closest('select') !== null;
      const ctrl = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (ctrl && !typing && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) this.editor.redo();
        else this.editor.undo();
        return;
      }
      if (ctrl && !typing && key === 'y') {
        e.preventDefault();
        this.editor.redo();
        return;
      }
      if (ctrl && !typing && key === 'd' && this.editor.selected) {
        e.preventDefault();
        const copy = this.editor.duplicate(this.editor.selected);
        if (typeof copy === 'string') this.dock.say(copy);
        else this.editor.select(copy);
        return;
      }
      if (ctrl && key === 's') {
        e.preventDefault();
        this.download();
        return;
      }
      if (typing || inList || ctrl || e.altKey || t.closest('[role="menu"]')) return;
      const tool = TOOLS.find((x) => TOOL_KEYS[x] === key);
      if (tool) {
        this.canvas.setTool(tool);
        e.preventDefault();
        return;
      }
      if (['s', 'p', 'j', 'l'].includes(key) && this.solver.pressKey(key)) {
        e.preventDefault();
        return;
      }
      // Delete and F2 act on the selected node from the canvas (the tree handles its own);
      // from a field or a button in the inspector they would surprise.
      const onCanvas = t === document.body || t.closest('.pg-canvas') !== null;
      const selected = this.editor.selected;
      if (!onCanvas) return;
      if (key === 'delete' && selected && selected !== this.editor.root) {
        this.dock.say(this.editor.remove(selected));
        e.preventDefault();
      } else if (key === 'f2' && selected) {
        this.dock.startRename();
        e.preventDefault();
      }
    });
  }
}

const TOOL_KEYS: Record<string, string> = {
  select: 'q',
  move: 'w',
  rotate: 'e',
  scale: 'r',
  bone: 'b',
};
