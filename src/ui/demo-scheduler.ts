/**
 * One animation loop and two IntersectionObservers for every demo on a page.
 * - On screen (any pixel visible): the demo updates and draws each frame.
 * - Near the screen (within NEAR_MARGIN): it keeps its renderer but sleeps.
 * - Far away: it releases its renderer (a WebGL context is scarce: ~16 per page) and gets a new
 *   one when it comes near again. Its node tree, controls and state stay as they were.
 * - In a hidden tab: every demo pauses (the browser also stops animation frames there; saying
 *   so keeps each demo's state honest and the loop stopped until the tab shows again).
 */
export interface Scheduled {
  readonly element: HTMLElement;
  setVisible(visible: boolean): void;
  setNear(near: boolean): void;
  frame(dt: number): void;
}

const NEAR_MARGIN = '800px 0px';
/**
 * In a cross-origin iframe the browser ignores rootMargin (the page's viewport is not the
 * frame's to measure), so "near" would mean "on screen" and each scroll back would build a new
 * renderer. There a demo that leaves the screen keeps its renderer this long instead.
 */
const FRAMED_KEEP_MS = 20_000;

function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin parent may refuse even the comparison
  }
}

export class DemoScheduler {
  private readonly items = new Map<Element, Scheduled>();
  private readonly visible = new Set<Scheduled>();
  private rafId = 0;
  private last = 0;
  private readonly visibleObserver: IntersectionObserver;
  private readonly nearObserver: IntersectionObserver;
  private readonly releaseTimers = new Map<Scheduled, number>();

  constructor() {
    this.visibleObserver = new IntersectionObserver((entries) => {
      for (const e of entries) {
        const item = this.items.get(e.target);
        if (!item) continue;
        if (e.isIntersecting) this.visible.add(item);
        else this.visible.delete(item);
        item.setVisible(e.isIntersecting && document.visibilityState !== 'hidden');
      }
      this.ensureLoop();
    });
    this.nearObserver = new IntersectionObserver(
      (entries) => {
        const framed = inFrame();
        for (const e of entries) {
          const item = this.items.get(e.target);
          if (!item) continue;
          clearTimeout(this.releaseTimers.get(item));
          this.releaseTimers.delete(item);
          if (e.isIntersecting || !framed) item.setNear(e.isIntersecting);
          else
            this.releaseTimers.set(
              item,
              window.setTimeout(() => {
                this.releaseTimers.delete(item);
                item.setNear(false);
              }, FRAMED_KEEP_MS),
            );
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    document.addEventListener('visibilitychange', () => {
      const hidden = document.visibilityState === 'hidden';
      for (const item of this.visible) item.setVisible(!hidden);
      if (hidden) {
        cancelAnimationFrame(this.rafId);
        this.rafId = 0;
      } else this.ensureLoop();
    });
  }

  add(item: Scheduled): void {
    this.items.set(item.element, item);
    this.nearObserver.observe(item.element);
    this.visibleObserver.observe(item.element);
  }

  remove(item: Scheduled): void {
    this.items.delete(item.element);
    clearTimeout(this.releaseTimers.get(item));
    this.releaseTimers.delete(item);
    this.visible.delete(item);
    this.nearObserver.unobserve(item.element);
    this.visibleObserver.unobserve(item.element);
  }

  get activeCount(): number {
    return this.visible.size;
  }

  private ensureLoop(): void {
    if (this.rafId || this.visible.size === 0 || document.visibilityState === 'hidden') return;
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
