import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Four static pages: the course, the playground, the demo gallery and the chromeless embed page.
// base './' keeps the build relocatable: it works from any folder of any static host.
export default defineConfig({
  base: './',
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        course: resolve(import.meta.dirname, 'index.html'),
        playground: resolve(import.meta.dirname, 'playground/index.html'),
        gallery: resolve(import.meta.dirname, 'playground/gallery.html'),
        embed: resolve(import.meta.dirname, 'playground/embed.html'),
      },
    },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
});
