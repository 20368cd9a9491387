import type { Server } from 'node:http';
import { resolve } from 'node:path';
import type { RequestHandler } from 'express';

const webRoot = resolve(import.meta.dirname, '../../web');

/**
 * The web client served from source with hot module replacement, for `npm run dev`.
 * Vite is loaded only here, so production never loads it.
 */
export async function createWebDevMiddleware(
  httpServer: Server,
): Promise<{ middleware: RequestHandler; close: () => Promise<void> }> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: webRoot,
    configFile: resolve(webRoot, 'vite.config.ts'),
    appType: 'spa',
    server: { middlewareMode: true, ws: { server: httpServer } },
  });
  return { middleware: vite.middlewares, close: () => vite.close() };
}
