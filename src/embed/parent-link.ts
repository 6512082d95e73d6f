import type { DemoFrame, DemoFrameEvents } from '../ui/demo-frame.ts';

/** Messages between an embed (in an iframe) and the page around it. */
export const READY = 'ik-demo:ready';
export const AUTO_HEIGHT = 'ik-demo:auto-height';
export const SIZE = 'ik-demo:size';
export const EVENT = 'ik-demo:event';

/**
 * The iframe side of auto-height. The embed says it is ready (a message with nothing in it, to
 * any parent); a parent that wants auto-height answers `{ type: 'ik-demo:auto-height' }`. From
 * then on the embed lays itself out at its natural height instead of filling the frame, and
 * sends its height, and its demo's events, to that parent's origin only. A parent that never
 * asks gets nothing more.
 */
export class ParentLink {
  private origin: string | null = null;
  private frame: DemoFrame | null = null;
  private errors: readonly string[] = [];
  private lastHeight = -1;
  private readonly resize = new ResizeObserver(() => this.sendSize());

  /** Demo events, forwarded once a parent has asked. */
  readonly events: DemoFrameEvents = {
    solved: (detail) => this.send({ type: EVENT, event: 'ik-solved', detail }),
    targetMoved: (detail) => this.send({ type: EVENT, event: 'ik-target-moved', detail }),
  };

  constructor(private readonly content: HTMLElement) {
    if (window.parent === window) return;
    window.addEventListener('message', (e) => {
      // An opaque origin ("null": a file:// page, a sandbox) cannot be addressed, only "*".
      if (e.source !== window.parent || !isAsk(e.data) || e.origin === 'null') return;
      // One parent at a time: the first origin to ask is the one the embed talks to.
      if (this.origin !== null && this.origin !== e.origin) return;
      this.origin = e.origin;
      document.body.classList.add('embed-body--auto');
      this.frame?.setFit(false);
      this.resize.observe(this.content);
      this.lastHeight = -1;
      this.sendSize();
      if (this.errors.length)
        this.send({ type: EVENT, event: 'ik-error', detail: { messages: this.errors } });
    });
    window.parent.postMessage({ type: READY }, '*');
  }

  /** The demo shown, and the parameter problems to report as an `ik-error` event. */
  attach(frame: DemoFrame | null, errors: readonly string[]): void {
    this.frame = frame;
    this.errors = errors;
    if (this.origin !== null) frame?.setFit(false);
  }

  private sendSize(): void {
    const height = Math.ceil(this.content.getBoundingClientRect().height);
    if (height === this.lastHeight) return;
    this.lastHeight = height;
    this.send({ type: SIZE, height });
  }

  private send(message: object): void {
    if (this.origin !== null) window.parent.postMessage(message, this.origin);
  }
}

const isAsk = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === AUTO_HEIGHT;
