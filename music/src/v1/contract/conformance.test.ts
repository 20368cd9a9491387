import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueTokens } from '../../accounts/service';
import { knownScopes } from '../../accounts/scopes';
import type { Profile } from '../../http/profile';
import { registerDevice } from '../clients/fixtures';
import { optionalScopes, plan, unknownIdAnswers, type Ids, type Request } from '../__fixtures__/conformance-plan';
import { describeService, type ServiceFixture } from '../__fixtures__/service';
import { differences, operations, type Operation } from '../__fixtures__/openapi';

/**
 * Every operation of Spotify's OpenAPI description, called on both profiles with valid ids found
 * through the API, and with bad input (no token, a garbage or expired one, no scopes, unknown and
 * malformed ids, limits out of range): each answer's status and body are checked against the
 * description. Development mode answers the operations the description marks deprecated with 403
 * (Spotify removed them for such apps), once the token is known to be valid.
 */

const allScopes = Object.keys(knownScopes);
const documented = operations();
const keyOf = (operation: Operation) => `${operation.method} ${operation.template}`;

interface Tokens {
  valid: string;
  unscoped: string;
  expired: string;
}

interface Answer {
  status: number;
  body: unknown;
}

async function send(base: string, token: string | undefined, method: string, request: Request): Promise<Answer> {
  // A body of another type (a cover's base64 JPEG) goes as it is; the rest as JSON.
  const raw = typeof request.body === 'string' && request.contentType !== undefined;
  const response = await fetch(`${base}/v1${request.path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(request.body === undefined ? {} : { 'content-type': request.contentType ?? 'application/json' }),
    },
    body: request.body === undefined ? undefined : raw ? (request.body as string) : JSON.stringify(request.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Ids of the catalog, found as a client finds them: by searching and browsing. */
async function discover(base: string, token: string): Promise<Omit<Ids, 'me' | 'own' | 'device'>> {
  const get = async <T>(path: string): Promise<T> => {
    const answer = await send(base, token, 'GET', { path });
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status} while finding ids.`);
    return answer.body as T;
  };
  type Items<T = { id: string }> = { items: T[] };
  const found = await get<Record<string, Items>>('/search?q=a&type=artist,show&limit=1');
  const albums = await get<{ albums: Items<{ id: string; total_tracks: number }> }>('/search?q=a&type=album&limit=50');
  const album = albums.albums.items.find((candidate) => candidate.total_tracks >= 4)?.id ?? '';
  const tracks = (await get<Items>(`/albums/${album}/tracks?limit=4`)).items.map((item) => item.id);
  const show = found.shows?.items[0]?.id ?? '';
  const episode = (await get<Items>(`/shows/${show}/episodes?limit=1`)).items[0]?.id ?? '';
  const featured = await get<{ playlists: Items<{ id: string; owner: { id: string } }> }>(
    '/browse/featured-playlists?limit=1',
  );
  const categories = await get<{ categories: Items }>('/browse/categories?limit=1');
  const genres = await get<{ genres: string[] }>('/recommendations/available-genre-seeds');
  return {
    track: tracks[0] ?? '',
    tracks,
    album,
    artist: found.artists?.items[0]?.id ?? '',
    show,
    episode,
    playlist: featured.playlists.items[0]?.id ?? '',
    owner: featured.playlists.items[0]?.owner.id ?? '',
    category: categories.categories.items[0]?.id ?? '',
    genre: genres.genres[0] ?? '',
  };
}

/** A listener on `profile` with every scope, one with none and one whose token expired. */
async function tokensFor(service: ServiceFixture, profile: Profile): Promise<{ id: string; tokens: Tokens }> {
  const { id, token } = await service.listener(allScopes, { profile });
  const unscoped = await service.listener([], { profile });
  const expired = await issueTokens(service.db, {
    userId: id,
    clientId: 'graphonic',
    scopes: allScopes,
    ttlSeconds: 60,
    withRefreshToken: false,
    now: Date.now() - 3_600_000,
  });
  return { id, tokens: { valid: token, unscoped: unscoped.token, expired: expired.access_token } };
}

/** The request with one query parameter set, or with the first path parameter replaced. */
function withQuery(request: Request, name: string, value: string): Request {
  const url = new URL(request.path, 'http://x');
  url.searchParams.set(name, value);
  return { ...request, path: `${url.pathname}${url.search}` };
}

function withPathId(operation: Operation, request: Request, id: string): Request {
  const query = request.path.includes('?') ? request.path.slice(request.path.indexOf('?')) : '';
  return { ...request, path: `${operation.template.replace(/\{[^}]+\}/, id)}${query}` };
}

/** Limits of full-access apps where the description gives development mode's (search, an artist's albums). */
const fullProfileMaximum: Record<string, number> = { '/search': 50, '/artists/{id}/albums': 50 };

function limitMaximum(operation: Operation, profile: Profile): number {
  const limit = operation.parameters.find((parameter) => parameter.name === 'limit');
  return (profile === 'full' ? fullProfileMaximum[operation.template] : undefined) ?? limit?.schema.maximum ?? 50;
}

interface Case {
  what: string;
  token: string | undefined;
  request: Request;
  status: number;
}

/** The bad inputs each operation is called with, and the status each must answer. */
function badCases(operation: Operation, request: Request, tokens: Tokens, profile: Profile): Case[] {
  const removed = profile === 'development' && operation.deprecated;
  const or403 = (status: number) => (removed ? 403 : status);
  const cases: Case[] = [
    { what: 'no token', token: undefined, request, status: 401 },
    { what: 'a garbage token', token: 'not-a-token', request, status: 401 },
    { what: 'an expired token', token: tokens.expired, request, status: 401 },
  ];
  if (operation.scopes.length > 0 && !optionalScopes.has(keyOf(operation))) {
    cases.push({ what: 'no scopes', token: tokens.unscoped, request, status: 403 });
  }
  if (operation.template.includes('{')) {
    const user = operation.template.includes('{user_id}');
    const unknown = user ? 'nobody-here' : '0000000000000000000000';
    cases.push(
      {
        what: 'a malformed id',
        token: tokens.valid,
        request: withPathId(operation, request, 'not!an!id'),
        status: or403(400),
      },
      {
        what: 'an unknown id',
        token: tokens.valid,
        request: withPathId(operation, request, unknown),
        status: or403(unknownIdAnswers[keyOf(operation)] ?? 404),
      },
    );
  }
  if (operation.parameters.some((parameter) => parameter.name === 'limit')) {
    const maximum = limitMaximum(operation, profile);
    for (const limit of [String(maximum), '0', '51', '-1', 'abc']) {
      const allowed = Number(limit) === maximum || (limit === '51' && maximum >= 51);
      cases.push({
        what: `limit=${limit}`,
        token: tokens.valid,
        request: withQuery(request, 'limit', limit),
        status: or403(allowed ? (request.status ?? 200) : 400),
      });
    }
  }
  return cases;
}

/** How `answer` differs from what `operation` must answer (`status`): empty when it conforms. */
function judge(operation: Operation, request: Request, answer: Answer, status: number, profile: Profile): string[] {
  const found = answer.status === status ? [] : [`answered ${answer.status}, expected ${status}`];
  found.push(...differences(operation, request.path, answer, profile));
  if (answer.status >= 400) {
    const error = (answer.body as { error?: { status?: unknown } } | undefined)?.error;
    if (error?.status !== answer.status) found.push(`the error body's status is not ${answer.status}`);
  }
  return found;
}

interface Outcome {
  operation: string;
  differences: string[];
}

async function walk(service: ServiceFixture, profile: Profile, ids: Omit<Ids, 'me' | 'own' | 'device'>) {
  const base = profile === 'full' ? service.url : service.developmentUrl;
  const { id, tokens } = await tokensFor(service, profile);
  const own = await send(base, tokens.valid, 'POST', { path: '/me/playlists', body: { name: 'Mine' } });
  const device = await registerDevice(base, tokens.valid);
  const all: Ids = { ...ids, me: id, own: (own.body as { id: string }).id, device };
  const outcomes: Outcome[] = [];
  for (const [key, make] of Object.entries(plan)) {
    const operation = documented.find((candidate) => keyOf(candidate) === key);
    if (!operation) {
      outcomes.push({ operation: key, differences: ['is not an operation of the description'] });
      continue;
    }
    const request = make(all);
    const removed = profile === 'development' && operation.deprecated;
    const success = operation.statuses.find((status) => status < 300) ?? 200;
    const expected = removed ? 403 : (request.status ?? success);
    const found = judge(
      operation,
      request,
      await send(base, tokens.valid, operation.method, request),
      expected,
      profile,
    );
    const cases = badCases(operation, request, tokens, profile);
    const answers = await Promise.all(cases.map((c) => send(base, c.token, operation.method, c.request)));
    cases.forEach((c, index) => {
      const answer = answers[index] ?? { status: 0, body: undefined };
      for (const difference of judge(operation, c.request, answer, c.status, profile)) {
        found.push(`${c.what}: ${difference}`);
      }
    });
    outcomes.push({ operation: key, differences: found });
  }
  return outcomes;
}

await describeService('conformance with the music v1 OpenAPI description', (service) => {
  let ids: Omit<Ids, 'me' | 'own' | 'device'>;
  const counts: string[] = [];

  beforeAll(async () => {
    const { token } = await service.listener(allScopes);
    ids = await discover(service.url, token);
  });

  afterAll(() => {
    for (const line of counts) console.log(line);
  });

  it('plans a call for every operation of the description', () => {
    expect(Object.keys(plan).sort()).toEqual(documented.map(keyOf).sort());
  });

  it('finds what an answer lacks, has wrong or has in excess', () => {
    const search = documented.find((operation) => keyOf(operation) === 'GET /search');
    if (!search) throw new Error('The description has no search.');
    const page = { href: 'x', items: [], limit: 5, next: null, offset: 0, previous: null, total: 0 };
    expect(differences(search, '/search?q=a&type=track', { status: 200, body: { tracks: page } }, 'full')).toEqual([]);
    const { total: _total, ...partial } = page;
    const found = differences(search, '/search?q=a&type=track', { status: 200, body: { tracks: partial } }, 'full');
    expect(found.join('\n')).toMatch(/must have required property 'total'/);
    expect(differences(search, '/search?q=a', { status: 206, body: {} }, 'full')).toEqual([
      'status 206 is not documented',
    ]);
    const error = { error: { status: 400, message: 'Invalid limit', extra: 1 } };
    expect(differences(search, '/search', { status: 400, body: error }, 'full').join('\n')).toMatch(/extra/);
  });

  for (const profile of ['full', 'development'] as const) {
    it(`answers every operation as Spotify does (${profile} profile)`, async () => {
      const outcomes = await walk(service, profile, ids);
      const conform = outcomes.filter((outcome) => outcome.differences.length === 0).length;
      counts.push(`${service.engine}, ${profile} profile: ${documented.length} operations, ${conform} conform`);
      expect(outcomes.filter((outcome) => outcome.differences.length > 0)).toEqual([]);
      expect(conform).toBe(documented.length);
    }, 120_000);
  }

  it('keeps the last cursor of followed artists present, as null, as Spotify does', async () => {
    const { call } = await service.listener(['user-follow-read', 'user-follow-modify']);
    expect((await call('PUT', `/me/following?type=artist&ids=${ids.artist}`)).status).toBe(204);
    const page = (await call('GET', '/me/following?type=artist&limit=50')).body.artists as Record<string, unknown>;
    expect(page).toMatchObject({ next: null, cursors: { after: null } });
    expect(Object.keys(page.cursors as object)).toContain('after');
  });
});
