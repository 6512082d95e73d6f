import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { lessonPages } from './lesson-pages.ts';
import { libraryAlias } from './library-alias.ts';
import { offline } from './offline.ts';
import { pixiAlias, pixiForUi } from './pixi-resolve.ts';

// Four static pages: the course, the playground, the demo gallery and the chromeless embed page.
// base './' keeps the build relocatable: it works from any folder of any static host.
export default defineConfig({
  base: './',
  // libraryAlias: so `npm start` also serves the game examples (examples/, built on their own).
  resolve: { alias: [...pixiAlias, ...libraryAlias] },
  plugins: [pixiForUi(), lessonPages(), offline()],
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // Which chunks each demo needs: the page-weight test reads it to tell 2D from 3D code.
    manifest: true,
    rollupOptions: {
      input: {
        course: resolve(import.meta.dirname, 'index.html'),
        playground: resolve(import.meta.dirname, 'playground/index.html'),
        gallery: resolve(import.meta.dirname, 'playground/gallery.html'),
        embed: resolve(import.meta.dirname, 'playground/embed.html'),
        // The custom element's script, at a fixed address instructors can put in a page.
        'ik-demo': resolve(import.meta.dirname, 'src/embed/ik-demo.ts'),
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'ik-demo' ? 'ik-demo.js' : 'assets/[name]-[hash].js',
        // A figure's code is src/demos/<id>/figure.ts: its chunk takes the figure's id, so a
        // page's network list says which figures it loaded.
        chunkFileNames: (chunk) => {
          const figure = /demos\/([\w-]+)\/figure\.ts$/.exec(chunk.facadeModuleId ?? '');
          return figure ? `assets/${figure[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  // Pages on other origins load ik-demo.js and its chunks: static hosts send CORS headers for
  // them (GitHub Pages, Netlify); so do the dev and preview servers.
  server: { port: 5173, cors: true },
  preview: { port: 4173, cors: true },
});
