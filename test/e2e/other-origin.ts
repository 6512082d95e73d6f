import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * An instructor's site for a test file: a second local server (127.0.0.1, where the course is
 * served from localhost: another origin) serving the given HTML pages. Call at the top level;
 * the returned function gives the site's origin once the server is up.
 */
export function useOtherOrigin(pages: Map<string, string>): () => string {
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = pages.get(req.url ?? '');
      // The browser asks for a favicon: an instructor's page has its own, none here.
      res.statusCode = body ? 200 : req.url === '/favicon.ico' ? 204 : 404;
      res.setHeader('content-type', 'text/html');
      res.end(body ?? 'not found');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
  });
  return () => origin;
}
