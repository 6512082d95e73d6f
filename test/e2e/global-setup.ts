import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { preview } from 'vite';

/**
 * Serves the built site (dist/, made by `npm run test:e2e`'s `vite build`) on a free port for
 * the browser tests, and tells them its address.
 */
export default async function setup(project: TestProject) {
  const dist = resolve(import.meta.dirname, '../../dist/index.html');
  if (!existsSync(dist))
    throw new Error('No built site in dist/: run `npm run test:e2e` (it builds first).');
  const server = await preview({
    preview: { port: 0, strictPort: false, open: false },
    logLevel: 'silent',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  project.provide('baseUrl', url);
  return async () => {
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
