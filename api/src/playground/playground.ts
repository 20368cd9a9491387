import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { Router, type Request, type Response } from 'express';

/** Where the playground answers; its assets live under `${playgroundPath}/assets/`. */
export const playgroundPath = '/playground';

/**
 * GraphiQL prebuilt by The Guild (`@graphql-yoga/graphiql`): GraphiQL, React and the Monaco editor in one ES
 * module, one stylesheet and the editor's web workers. Served from node_modules, so the playground needs no CDN.
 * A development package: the packages it lists are what those files were built from, which the api never loads,
 * so the production image copies its built files alone (Dockerfile).
 */
export const playgroundPackage = '@graphql-yoga/graphiql';

/** The folder of GraphiQL's built files; a clear error where the package is not installed. */
export function playgroundFiles(resolve: (id: string) => string = createRequire(import.meta.url).resolve): string {
  try {
    return join(dirname(resolve(`${playgroundPackage}/package.json`)), 'dist');
  } catch (error) {
    throw new Error(
      `The GraphQL playground is on (GRAPHQL_PLAYGROUND), but its files are not installed: ${playgroundPackage} is a ` +
        'development package. Install it (npm ci without --omit=dev), copy node_modules/' +
        `${playgroundPackage} as the image does, or set GRAPHQL_PLAYGROUND=false.`,
      { cause: error },
    );
  }
}

/** The page: no inline script or style, so the api's Content-Security-Policy (`script-src 'self'`) holds. */
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Graphonic GraphQL playground</title>
    <link rel="stylesheet" href="${playgroundPath}/assets/graphiql.css" />
    <link rel="stylesheet" href="${playgroundPath}/assets/playground.css" />
    <script type="module" src="${playgroundPath}/assets/playground.js"></script>
  </head>
  <body>
    <div id="playground"></div>
  </body>
</html>
`;

/** GraphiQL fills the window. */
const stylesheet = `html, body, #playground { height: 100%; margin: 0; }
`;

/**
 * Starts GraphiQL against `/graphql` on this origin, so the browser sends the session cookie and queries run as
 * the signed-in person. The editor's workers are named before GraphiQL loads, because it reads them as it starts.
 */
const script = `const assets = new URL('./', import.meta.url);
const workers = { json: 'json.worker.bundle.js', graphql: 'graphql.worker..bundle.js' };
self.MonacoEnvironment = {
  getWorkerUrl: (_moduleId, label) => new URL('monacoeditorwork/' + (workers[label] ?? 'editor.worker.bundle.js'), assets).href,
};
const { renderYogaGraphiQL } = await import('./yoga-graphiql.es.js');
renderYogaGraphiQL(document.getElementById('playground'), {
  endpoint: '/graphql',
  title: 'Graphonic',
  logo: ' ',
  // Marks every request as one a page cannot send cross-site, which Apollo's CSRF prevention asks for.
  additionalHeaders: { 'apollo-require-preflight': 'true' },
  query: '{\\n  upstream {\\n    name\\n  }\\n}\\n',
});
`;

/** The playground's page and assets; mount it only where the playground is enabled. */
export function createPlaygroundRouter(): Router {
  const files = playgroundFiles();
  const router = Router();
  router.get(playgroundPath, (_req, res) => {
    res.type('html').set('cache-control', 'no-cache').send(page);
  });
  router.get(`${playgroundPath}/assets/playground.js`, (_req, res) => {
    res.type('text/javascript').set('cache-control', 'no-cache').send(script);
  });
  router.get(`${playgroundPath}/assets/playground.css`, (_req, res) => {
    res.type('text/css').set('cache-control', 'no-cache').send(stylesheet);
  });
  router.use(
    `${playgroundPath}/assets`,
    // Only GraphiQL's built files: the package's folder has nothing else to expose.
    express.static(files, { index: false, maxAge: '1h', fallthrough: false }),
  );
  router.all(`${playgroundPath}/{*rest}`, notFound);
  return router;
}

const notFound = (_req: Request, res: Response): void => {
  res.status(404).type('text/plain').send('Not found');
};

/** Where the playground is disabled: a plain 404, not the web client's app shell. */
export function playgroundDisabled(): Router {
  const router = Router();
  router.all([playgroundPath, `${playgroundPath}/{*rest}`], notFound);
  return router;
}
