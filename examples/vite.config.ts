import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { libraryAlias } from '../library-alias.ts';

// The examples for game developers, built on their own into dist/examples/: they import the
// whole of PixiJS as a game does, and the course's own build (which loads only the Pixi modules
// its figures draw with, and precaches every file for offline use) should not carry that.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  resolve: { alias: libraryAlias },
  build: {
    target: 'es2022',
    outDir: resolve(import.meta.dirname, '../dist/examples'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { 'pixi-arm': resolve(import.meta.dirname, 'pixi-arm/index.html') },
    },
  },
});
