import 'pixi-lib/events/init';
import { EventSystem } from 'pixi-lib/events/EventSystem';
import type { Renderer } from './pixi.ts';

/**
 * Pixi's pointer events, for the few things that take taps on the canvas (the canvas toolbar's
 * buttons). They load with those things, after a page's first demo runs (see ./pixi), so the
 * renderer that demo made before has no event system: it gets one here. Renderers made after
 * this module loaded have one already (Pixi adds registered systems to each new renderer).
 */
export function enablePointerEvents(renderer: Renderer): void {
  if ((renderer as { events?: unknown }).events) return;
  // Pixi's own steps for a system, as its renderer's init() takes them: construct and name it,
  // join the renderer's runners (render, resize, destroy), then init with the renderer's options.
  const r = renderer as unknown as {
    _addSystem(ClassRef: typeof EventSystem, name: string): void;
    _initOptions: Record<string, unknown>;
    events: EventSystem;
  };
  r._addSystem(EventSystem, 'events');
  r.events.init(r._initOptions);
}
