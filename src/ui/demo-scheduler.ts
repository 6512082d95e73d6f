/**
 * One animation loop and two IntersectionObservers for every demo on a page.
 * - On screen (any pixel visible): the demo updates and draws each frame.
 * - Near the screen (within NEAR_MARGIN): it keeps its renderer but sleeps.
 * - Far away: it releases its renderer (a WebGL context is scarce: ~16 per page) and gets a new
 *   one when it comes near again. Its node tree, controls and state stay as they were.
 */
export interface Scheduled {
  readonly element: HTMLElement;
  setVisible(visible: boolean): void;
  setNear(near: boolean): void;
  frame(dt: number): void;
}

const NEAR_MARGIN = '800px 0px';

export class DemoScheduler {
  private readonly items = new Map<Element, Scheduled>();
  private readonly visible = new Set<Scheduled>();
  private rafId = 0;
  private last = 0;
  private readonly visibleObserver: IntersectionObserver;
  private readonly nearObserver: IntersectionObserver;

  constructor() {
    this.visibleObserver = new IntersectionObserver((entries) => {
      for (const e of entries) {
        const item = this.items.get(e.target);
        if (!item) continue;
        if (e.isIntersecting) this.visible.add(item);
        else this.visible.delete(item);
        item.setVisible(e.isIntersecting);
      }
      this.ensureLoop();
    });
    this.nearObserver = new IntersectionObserver(
      (entries) => {
        for (const e of entries) this.items.get(e.target)?.setNear(e.isIntersecting);
      },
      { rootMargin: NEAR_MARGIN },
    );
  }

  add(item: Scheduled): void {
    this.items.set(item.element, item);
    this.nearObserver.observe(item.element);
    this.visibleObserver.observe(item.element);
  }

  remove(item: Scheduled): void {
    this.items.delete(item.element);
    this.visible.delete(item);
    this.nearObserver.unobserve(item.element);
    this.visibleObserver.unobserve(item.element);
  }

  get activeCount(): number {
    return this.visible.size;
  }

  private ensureLoop(): void {
    if (this.rafId || this.visible.size === 0) return;
    this.last = performance.now();
    const tick = (now: number) => {
      // Cap dt so a tab coming back from the background does not make a huge jump.
      const dt = Math.min(0.1, Math.max(0, (now - this.last) / 1000));
      this.last = now;
      for (const item of this.visible) item.frame(dt);
      this.rafId = this.visible.size ? requestAnimationFrame(tick) : 0;
    };
    this.rafId = requestAnimationFrame(tick);
  }
}

let shared: DemoScheduler | null = null;
export const sharedScheduler = (): DemoScheduler => (shared ??= new DemoScheduler());
