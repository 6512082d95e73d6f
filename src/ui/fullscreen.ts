/**
 * Shows `element` alone on the screen, or leaves full screen. Its canvas toolbars are drawn on
 * the canvas, so they come along; Esc leaves, as everywhere. Refusals (an iframe without
 * allowfullscreen, say) leave the page as it was.
 */
export function toggleFullscreen(element: HTMLElement): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  else void element.requestFullscreen?.().catch(() => {});
}

/** Whether `element` is shown full screen (itself or inside the full-screen element). */
export const isFullscreen = (element: Element): boolean =>
  document.fullscreenElement?.contains(element) === true;
