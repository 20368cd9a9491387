import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import express, { type Router } from 'express';
import { webAssets } from './web-assets';

/**
 * Serves the built web client: its content-hashed assets from memory, compressed ahead of time and cached for good
 * (./web-assets.ts), and the app shell (index.html) for every client-side route, never cached, so that a new
 * version is picked up on the next load. Says how to build the client when it is not built.
 */
export function webClientRouter(webDist: string): Router {
  const router = express.Router();
  const indexHtml = join(webDist, 'index.html');
  if (!existsSync(indexHtml)) {
    router.get('/{*path}', (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send(`The web client is not built (${indexHtml} is missing). Run \`npm run build\` or \`npm start\`.`);
    });
    return router;
  }
  // File names under /assets carry a hash of their content: a changed file gets a new name.
  router.use('/assets', webAssets(join(webDist, 'assets')));
  router.use(compression());
  router.use(express.static(webDist, { index: false, maxAge: '1h' }));
  // Client-side routes: every other GET gets the app shell.
  router.get('/{*path}', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
