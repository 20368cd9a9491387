import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Queryable } from '../db/types';

/**
 * Cross-origin requests from the pages of registered clients, as Spotify allows browser apps
 * to call its Web API and its token endpoint: an origin is allowed when one of the registered
 * clients has a redirect URI there. Without credentials: music v1 takes bearer tokens, never
 * cookies, so nothing rides along that the calling page did not put there itself.
 */

/** Changes to clients made in this process so far; a set of origins read before the latest is read again. */
let clientChanges = 0;

/**
 * Makes every set of registered origins of this process read the clients again at its next
 * use; the functions that register or change clients call it.
 */
export function forgetRegisteredOrigins(): void {
  clientChanges += 1;
}

/** The origins (scheme, host and port) of redirect URIs, as browsers send them in `Origin`. */
export function originsOf(redirectUris: readonly string[]): string[] {
  return redirectUris.flatMap((uri) => {
    if (!URL.canParse(uri)) return [];
    const { origin } = new URL(uri);
    return origin === 'null' ? [] : [origin];
  });
}

/** How long the registered origins are reused by default, in milliseconds. */
const defaultCacheMs = 5000;

/**
 * The origins of every registered client's redirect URIs. They are read from the store at most
 * once per `cacheMs` of real time, which bounds how late this process learns of a client that
 * another process (the command line) registered; a change made in this process applies at once.
 */
export class RegisteredOrigins {
  private origins: Promise<ReadonlySet<string>> | undefined;
  private readAt = 0;
  private readAfter = -1;

  constructor(
    private readonly db: Queryable,
    private readonly cacheMs = defaultCacheMs,
  ) {}

  async allows(origin: string): Promise<boolean> {
    if (
      this.origins === undefined ||
      this.readAfter !== clientChanges ||
      performance.now() - this.readAt >= this.cacheMs
    ) {
      this.readAfter = clientChanges;
      this.readAt = performance.now();
      const reading = this.db
        .query<{ redirect_uris: string[] }>('SELECT redirect_uris FROM oauth_clients')
        .then(({ rows }) => new Set(rows.flatMap((row) => originsOf(row.redirect_uris))));
      this.origins = reading;
      // A failed read is not kept: the next request reads again.
      reading.catch(() => {
        if (this.origins === reading) this.origins = undefined;
      });
    }
    return (await this.origins).has(origin);
  }
}

/** The request headers a cross-origin caller may send: its bearer token and its body's type. */
const allowedHeaders = 'Authorization, Content-Type';

/**
 * CORS for the routes below it: a registered origin gets `Access-Control-Allow-Origin` with its
 * own value (never `*`, never credentials), and its preflight (OPTIONS with
 * Access-Control-Request-Method) is answered here with the allowed methods and headers, before
 * any authentication. Any other origin gets no CORS header, and its preflight an empty 204 that
 * the browser refuses. Every answer varies by Origin, so that no cache hands one origin's answer
 * to another.
 */
export function registeredOriginsCors(origins: RegisteredOrigins, methods: readonly string[]): RequestHandler {
  const allowedMethods = methods.join(', ');
  return (req: Request, res: Response, next: NextFunction): void => {
    res.vary('Origin');
    const origin = req.get('origin');
    if (origin === undefined) {
      next();
      return;
    }
    const preflight = req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;
    origins.allows(origin).then((allowed) => {
      if (allowed) {
        res.set('Access-Control-Allow-Origin', origin);
        // A browser app reads how long to wait after a 429, as Spotify's clients do.
        res.set('Access-Control-Expose-Headers', 'Retry-After');
      }
      if (!preflight) {
        next();
        return;
      }
      if (allowed) {
        res.set({
          'Access-Control-Allow-Methods': allowedMethods,
          'Access-Control-Allow-Headers': allowedHeaders,
          // Browsers cap this anyway; ten minutes keeps a removed client's origin from lingering long.
          'Access-Control-Max-Age': '600',
        });
      }
      res.status(204).end();
    }, next);
  };
}
