import type { Page, Request, Response, Route } from '@playwright/test';

/**
 * Every request to the api's GraphQL endpoint: queries go as GET with their hash in the address's query
 * string, which a glob of the path alone would not match.
 */
export const graphqlRequests = (url: URL): boolean => url.pathname === '/graphql';

/** The operation a GraphQL request runs, if it says: in the address of a GET, in the body of a POST. */
export function operationNameOf(request: Request): string | undefined {
  if (request.method() === 'GET') return new URL(request.url()).searchParams.get('operationName') ?? undefined;
  let body: unknown;
  try {
    body = request.postDataJSON();
  } catch {
    // Not JSON: no operation this file knows.
    return undefined;
  }
  return typeof body === 'object' && body !== null && 'operationName' in body && typeof body.operationName === 'string'
    ? body.operationName
    : undefined;
}

/**
 * The answer to the next request of one operation (by its name). A change the app shows at once (an optimistic
 * answer) is on the server only once this has come: a test that loads a page again waits for it first, or the
 * page may be read before the change is made.
 */
export function answerTo(page: Page, operationName: string): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    if (!graphqlRequests(url)) return false;
    const request = response.request();
    if (request.method() === 'GET') return url.searchParams.get('operationName') === operationName;
    return request.postData()?.includes(`"operationName":"${operationName}"`) === true;
  });
}

/**
 * Holds every request of one operation (by its name) until released. Answers a function that lets them, and every
 * later one, go.
 */
export async function holdOperation(page: Page, operationName: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  const hold = async (route: Route) => {
    if (operationNameOf(route.request()) === operationName) held.push(route);
    else await route.fallback();
  };
  await page.route(graphqlRequests, hold);
  return async () => {
    await page.unroute(graphqlRequests, hold);
    // A page that has gone on since has no use for the answer: nothing to wait for then.
    await Promise.all(held.splice(0).map((route) => route.fallback().catch(() => undefined)));
  };
}

/**
 * Holds the connection's own tries (its probe, `ConnectionProbe`) until released. After a request that could not
 * reach the api, the app tries again by itself a second later and, finding the way open, asks the screen again: a
 * test of the screen's own Try again holds those tries so that its click, not a try that happened to come first,
 * is what brings the screen back.
 */
export function holdConnectionTries(page: Page): Promise<() => Promise<void>> {
  return holdOperation(page, 'ConnectionProbe');
}

/** How one operation fails: no network, a 503 from before the api, or the api's word that the music service is down. */
export type Fault = 'network' | 'unavailable' | 'music';

async function answerWith(route: Route, fault: Fault): Promise<void> {
  if (fault === 'network') {
    await route.abort('internetdisconnected');
  } else if (fault === 'unavailable') {
    await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service unavailable' });
  } else {
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        data: null,
        errors: [{ message: 'The music service did not answer.', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }],
      }),
    });
  }
}

export interface FailingOperation {
  /** Answers the operation again from now on: the screen's Try again (clicked next) brings it back. */
  heal: () => void;
  /** Lets the connection's held tries go, once the screen is back, and stops intercepting. */
  release: () => Promise<void>;
}

/**
 * Fails every request of one operation as `fault` says while the others answer, and holds the connection's own
 * tries meanwhile (see `holdConnectionTries`).
 */
export async function failOperation(page: Page, operationName: string, fault: Fault): Promise<FailingOperation> {
  const releaseTries = await holdConnectionTries(page);
  let failing = true;
  const fail = async (route: Route) => {
    if (failing && operationNameOf(route.request()) === operationName) await answerWith(route, fault);
    else await route.fallback();
  };
  await page.route(graphqlRequests, fail);
  return {
    heal: () => {
      failing = false;
    },
    release: async () => {
      await page.unroute(graphqlRequests, fail);
      await releaseTries();
    },
  };
}
