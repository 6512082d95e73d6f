import type { FileControl } from '../contract.ts';
import type { RigLoad } from './stage-rig-loading.ts';
import type { FragmentUi } from './walk3d-controls.ts';
import type { BVH_ACTIONS, BVH_WIDGETS, STAGE_STRINGS } from './walk3d-fragments.ts';

type None<T> = Readonly<Record<never, T>>;

export interface BvhLoad extends RigLoad {
  /** A read another file (or Reset) replaced: it says nothing, leaving the newer message. */
  quiet?: boolean;
}

/** Files at least this long (characters) are read in a worker, with a progress bar and Stop. */
export const WORKER_SIZE = 2_000_000;

/** What loads a student's walk: a stage (Walk3DStage). */
export interface BvhLoader {
  loadBvh(name: string, text: string): BvhLoad;
  loadBvhInWorker(
    name: string,
    source: string | Blob,
    onProgress: (stage: string, fraction: number) => void,
    signal: AbortSignal,
  ): Promise<BvhLoad>;
}

/**
 * "Your own walk" (BVH_WIDGETS, BVH_ACTIONS): a .bvh picker (a drop on the figure goes through
 * `drop`) and a button back to the course's humanoid. A small file is read at once; a large one
 * (WORKER_SIZE or more) in a worker, the page staying live, with a progress bar and Stop.
 * `after` adds what the lesson does with a new character and may add to the message, shown
 * under the picker (as an error when the file was not taken).
 */
export class BvhControls {
  private readonly file: FileControl;
  private reading: AbortController | null = null;

  constructor(
    private readonly ui: FragmentUi<
      None<never>,
      typeof BVH_ACTIONS,
      typeof BVH_WIDGETS,
      typeof STAGE_STRINGS
    >,
    private readonly stage: BvhLoader,
    private readonly after: (r: BvhLoad) => BvhLoad,
    reset: () => void,
  ) {
    this.file = ui.file('bvh', {
      onFile: (name, text) => this.load(name, text),
      large: this.large,
    });
    ui.action('resetRig', () => {
      this.stop();
      reset();
      this.file.show('', false);
    });
  }

  /** Large files, chosen or dropped, go to the worker unread (DemoInstance.onDropLarge). */
  readonly large = {
    size: WORKER_SIZE,
    take: (name: string, blob: Blob): Promise<BvhLoad> => this.inWorker(name, blob),
  };

  /** A message under the picker about the walker's clip (an error, or '' to clear it). */
  say(message: string, isError: boolean): void {
    this.file.show(message, isError);
  }

  /** Stops a read in progress, quietly (its bar goes; its result will not be shown). */
  stop(): void {
    const reading = this.reading;
    this.reading = null;
    reading?.abort();
    this.file.progress(null);
  }

  /** Reads a file, at once or in a worker (then the promise settles when it is done). */
  load(name: string, text: string): BvhLoad | Promise<BvhLoad> {
    this.stop();
    if (text.length < WORKER_SIZE || typeof Worker === 'undefined')
      return this.after(this.stage.loadBvh(name, text));
    return this.inWorker(name, text);
  }

  /** A large file dropped on the figure, unread: its message shows when it is done. */
  dropLarge(name: string, blob: Blob): void {
    void this.inWorker(name, blob).then((x) => x.quiet || this.file.show(x.message, !x.ok));
  }

  private inWorker(name: string, source: string | Blob): Promise<BvhLoad> {
    this.stop();
    const reading = new AbortController();
    this.reading = reading;
    // Reading the text is most of the work; resampling and the cycle search take the rest.
    const share: Record<string, (f: number) => number> = {
      opening: () => 0,
      reading: (f) => 0.85 * f,
      resampling: () => 0.88,
      'finding the walk cycle': () => 0.92,
    };
    const show = (stage: string, fraction: number) =>
      this.reading === reading &&
      this.file.progress({
        label: this.ui.say('reading', { name, stage }),
        fraction: (share[stage] ?? (() => fraction))(fraction),
        onCancel: () => reading.abort(),
      });
    show(typeof source === 'string' ? 'reading' : 'opening', 0);
    this.file.show('', false);
    return this.stage.loadBvhInWorker(name, source, show, reading.signal).then((r) => {
      // Replaced by another file or by Reset: that one's message stands.
      if (this.reading !== reading) return { ...r, message: '', quiet: true };
      this.file.progress(null);
      this.reading = null;
      return this.after(r);
    });
  }

  /** A file dropped on the figure. */
  drop(name: string, text: string): void {
    const r = this.load(name, text);
    const show = (x: BvhLoad) => x.quiet || this.file.show(x.message, !x.ok);
    if (r instanceof Promise) void r.then(show);
    else show(r);
  }
}
