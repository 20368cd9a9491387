import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Cross-origin access to the GraphQL endpoint: only the app's own web origin (PUBLIC_URL) may
 * call it from a browser, with its cookie; every other origin gets no CORS header at all, so a
 * browser refuses to send it a preflighted request or to let it read an answer. The answer is
 * never `*`, which browsers refuse with credentials anyway and which would name no one.
 */
export function webOriginOnly(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    // Answers differ by Origin: caches must keep them apart.
    res.vary('Origin');
    const origin = req.get('origin');
    const preflight = req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;
    if (origin !== allowed) {
      if (preflight) {
        res.status(403).type('text/plain').send('Cross-origin requests are allowed from the app itself only.');
        return;
      }
      next();
      return;
    }
    res.set('Access-Control-Allow-Origin', allowed);
    res.set('Access-Control-Allow-Credentials', 'true');
    if (!preflight) {
      next();
      return;
    }
    res.set('Access-Control-Allow-Methods', 'GET, POST');
    // The headers Apollo Client sends, including the ones that make a request preflighted (CSRF prevention).
    res.set('Access-Control-Allow-Headers', 'content-type, apollo-require-preflight, x-apollo-operation-name');
    res.set('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}
