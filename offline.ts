import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The course works offline after one visit: a service worker (Workbox's, made at build time)
 * precaches the whole built site, every page, every chunk (lessons and demos are chunks loaded
 * on demand), the KaTeX fonts and the motion clips, and serves them from its cache.
 *
 * Updates: the worker skips waiting and claims open pages (skipWaiting + clientsClaim, what
 * vite-plugin-pwa calls `autoUpdate`). A visit after a new build still shows the version it has
 * cached, while the browser fetches sw.js, sees it changed and precaches the new files in the
 * background; the next visit shows the new version. When the new worker takes over a page that
 * still runs the old version, the old version's on-demand chunks are no longer cached (nor on
 * the server): if such a chunk then fails to load, the page reloads into the new version.
 *
 * The site is relocatable (`base: './'`), so each page registers `sw.js` by a URL relative to
 * itself: the worker's scope is the folder the site was put in, wherever that is. Only the
 * course, the playground and the gallery register it; the embed page and ik-demo.js run inside
 * other people's pages and never do (the embed page is covered when the reader has visited the
 * course on the same site).
 */

/** The pages that register the worker, from the site's root. */
const REGISTERING = new Set(['index.html', 'playground/index.html', 'playground/gallery.html']);

/**
 * A few hundred bytes of inline script, no request: after the page has loaded, register the
 * worker; if a chunk fails to load after a new worker replaced the one that served this page,
 * reload (the page is the old version and its chunks are gone).
 */
export function registerScript(root: string): string {
  return `if ('serviceWorker' in navigator) {
  const sw = navigator.serviceWorker, had = !!sw.controller;
  let replaced = false;
  sw.addEventListener('controllerchange', () => { replaced = had; });
  addEventListener('vite:preloadError', () => { if (replaced) location.reload(); });
  addEventListener('load', () => {
    sw.register('${root}sw.js', { scope: '${root}' }).catch((e) => {
      console.warn('No offline copy of the course:', e);
    });
  });
}`;
}

function registerServiceWorker(): Plugin {
  return {
    name: 'register-service-worker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const page = ctx.path.replace(/^\//, '');
        if (!REGISTERING.has(page)) return;
        const root = '../'.repeat(page.split('/').length - 1) || './';
        return [{ tag: 'script', children: registerScript(root), injectTo: 'head' }];
      },
    },
  };
}

export function offline(): Plugin[] {
  return [
    ...VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // The plugin's own registration resolves sw.js against the page, which is wrong for the
      // pages in playground/: registerServiceWorker() injects ours, relative to each page.
      injectRegister: false,
      manifest: false,
      workbox: {
        // Everything a reader can reach. KaTeX's fonts: woff2 only, which every browser that
        // has service workers picks first (its CSS lists woff and ttf after it).
        globPatterns: ['**/*.{html,js,css,woff2,bvh,svg,png,jpg,jpeg,webp,gif}'],
        skipWaiting: true,
        clientsClaim: true,
        // Four real pages and hash routes: no single-page fallback. Query strings (the embed's
        // and playground's parameters) are read by the page, not the server: ignore them.
        navigateFallback: null,
        ignoreURLParametersMatching: [/.*/],
        cleanupOutdatedCaches: true,
      },
    }),
    registerServiceWorker(),
  ];
}
