import { loadTypeDefs } from '@graphonic/schema';
import { buildSchema, Kind, parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { describeGraphql, type GraphqlResult, type ReceivedCall } from '../__fixtures__/graphql';
import { idsOf } from '../modules/catalog/test-support';
import { measureOperation } from '../limits/operation';
import { pageSizeError, schemaPageBounds } from './page-bounds';

/**
 * Page sizes: outside their documented bounds, BAD_USER_INPUT before anything runs; inside
 * them, nothing above the upstream endpoint's own maximum ever goes out.
 */

// Real servers over HTTP on a machine that may be busy: time enough for each test.
vi.setConfig({ testTimeout: 30_000 });

const schema = buildSchema(loadTypeDefs().join('\n'));

function check(query: string, variables?: Record<string, unknown>): string | null {
  const document = parse(query);
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (operation?.kind !== Kind.OPERATION_DEFINITION) throw new Error('no operation');
  const { pageSize } = measureOperation({ schema, document, operation, variables });
  return pageSize ? pageSizeError(pageSize).message : null;
}

describe('documented page bounds', () => {
  it('are stated by every page-size argument of the schema', () => {
    const { bounds, undeclared } = schemaPageBounds(schema);
    expect(undeclared).toEqual([]);
    expect(bounds.get('Album.tracks')?.get('first')).toEqual({ min: 1, max: 50 });
    expect(bounds.get('Artist.albums')?.get('first')).toEqual({ min: 1, max: 10 });
    expect(bounds.get('Query.search')?.get('first')).toEqual({ min: 1, max: 10 });
    expect(bounds.get('Me.savedTracks')?.get('first')).toEqual({ min: 1, max: 50 });
    expect(bounds.size).toBeGreaterThanOrEqual(18);
  });

  it('are checked in literals, variables, variable defaults and fragments, past skipped fields', () => {
    expect(check('{ album(id: "a") { tracks(first: 51) { totalCount } } }')).toBe(
      'Album.tracks: first must be between 1 and 50, got 51.',
    );
    expect(check('query($n: Int) { album(id: "a") { tracks(first: $n) { totalCount } } }', { n: 0 })).toBe(
      'Album.tracks: first must be between 1 and 50, got 0.',
    );
    expect(check('query($n: Int = 60) { me { savedTracks(first: $n) { totalCount } } }')).toBe(
      'Me.savedTracks: first must be between 1 and 50, got 60.',
    );
    expect(
      check('{ artist(id: "a") { ...Albums } } fragment Albums on Artist { albums(first: 11) { totalCount } }'),
    ).toBe('Artist.albums: first must be between 1 and 10, got 11.');
    expect(check('query($n: Int) { me { savedTracks(first: $n) { totalCount } } }', { n: 50 })).toBeNull();
    expect(check('{ me { savedTracks(first: null) { totalCount } } }')).toBeNull();
    // Without the `if` variable, the field counts as included (coercion refuses the request later, with 400).
    expect(check('query($s: Boolean!) { me { savedTracks(first: 0) @include(if: $s) { totalCount } } }')).toBe(
      'Me.savedTracks: first must be between 1 and 50, got 0.',
    );
    expect(
      check('query($n: Int, $s: Boolean!) { me { savedTracks(first: $n) @include(if: $s) { totalCount } } }', {
        n: 500,
        s: false,
      }),
    ).toBeNull();
  });
});

const codes = (result: GraphqlResult): (string | undefined)[] => result.errors.map((error) => error.extensions?.code);

/** The largest `limit`, or number of `ids` or `uris`, each music v1 endpoint takes (FACTS, sections 1 and 2). */
const upstreamMaximums: { path: RegExp; parameter: 'limit' | 'ids' | 'uris'; max: number }[] = [
  { path: /^\/v1\/search$/, parameter: 'limit', max: 10 },
  { path: /^\/v1\/artists\/[^/]+\/albums$/, parameter: 'limit', max: 10 },
  { path: /^\/v1\/albums\/[^/]+\/tracks$/, parameter: 'limit', max: 50 },
  { path: /^\/v1\/playlists\/[^/]+\/(items|tracks)$/, parameter: 'limit', max: 50 },
  { path: /^\/v1\/shows\/[^/]+\/episodes$/, parameter: 'limit', max: 50 },
  { path: /^\/v1\/me\/(tracks|albums|shows|episodes|playlists|following)$/, parameter: 'limit', max: 50 },
  { path: /^\/v1\/me\/top\/(artists|tracks)$/, parameter: 'limit', max: 50 },
  { path: /^\/v1\/me\/player\/recently-played$/, parameter: 'limit', max: 50 },
  { path: /^\/v1\/users\/[^/]+\/playlists$/, parameter: 'limit', max: 50 },
  { path: /^\/v1\/browse\//, parameter: 'limit', max: 50 },
  { path: /^\/v1\/recommendations$/, parameter: 'limit', max: 100 },
  { path: /^\/v1\/(tracks|artists|shows|episodes)$/, parameter: 'ids', max: 50 },
  { path: /^\/v1\/albums$/, parameter: 'ids', max: 20 },
  { path: /^\/v1\/audio-features$/, parameter: 'ids', max: 100 },
  { path: /^\/v1\/me\/library\/contains$/, parameter: 'uris', max: 40 },
];

/** Each request above its endpoint's maximum, as `url (parameter n > max)`. */
function overMaximum(received: readonly ReceivedCall[]): string[] {
  const problems: string[] = [];
  for (const call of received) {
    const url = new URL(call.url, 'http://music.invalid');
    for (const rule of upstreamMaximums) {
      if (!rule.path.test(url.pathname)) continue;
      const raw = url.searchParams.get(rule.parameter);
      if (raw === null) continue;
      const size = rule.parameter === 'limit' ? Number(raw) : raw.split(',').length;
      if (size > rule.max) problems.push(`${call.url} (${rule.parameter} ${size} > ${rule.max})`);
    }
  }
  return problems;
}

describeGraphql('page sizes', (fixture) => {
  /** One operation per domain, with a page size just outside its bounds; none may reach the upstream. */
  const outOfBounds: [string, string, Record<string, unknown>?][] = [
    ['catalog: album tracks', '{ album(id: "a") { tracks(first: 51) { totalCount } } }'],
    ['catalog: artist albums', '{ artist(id: "a") { albums(first: 11) { totalCount } } }'],
    ['catalog: artist albums, zero', '{ artist(id: "a") { albums(first: 0) { totalCount } } }'],
    ['search', '{ search(query: "a", types: [TRACK], first: 11) { tracks { totalCount } } }'],
    ['me: saved tracks, by a variable', 'query($n: Int) { me { savedTracks(first: $n) { totalCount } } }', { n: 51 }],
    ['me: playlists', '{ me { playlists(first: 0) { totalCount } } }'],
    ['me: top tracks', '{ me { topTracks(first: 51) { totalCount } } }'],
    ['me: recently played', '{ me { recentlyPlayed(first: -1) { edges { playedAt } } } }'],
    ['me: followed artists', '{ me { followedArtists(first: 51) { totalCount } } }'],
    ['playlists: items', '{ playlist(id: "p") { items(first: 51) { totalCount } } }'],
    ['podcasts: show episodes', '{ show(id: "s") { episodes(first: 51) { totalCount } } }'],
    ['browse: new releases', '{ newReleases(first: 51) { totalCount } }'],
    ['browse: category playlists', '{ category(id: "c") { playlists(first: 51) { totalCount } } }'],
    ['browse: recommendations', '{ recommendations(input: { seedGenres: ["pop"], limit: 101 }) { tracks { id } } }'],
  ];

  it.each(outOfBounds)('refuses a page size out of bounds before any call: %s', async (_name, query, variables) => {
    const listener = await fixture.listener();
    const result = await listener.query(query, variables);
    expect(codes(result)).toEqual(['BAD_USER_INPUT']);
    expect(result.upstream).toEqual([]);
    expect(result.received).toEqual([]);
  });

  it('answers a page size out of bounds with HTTP 400 and a message naming the field and the bounds', async () => {
    const listener = await fixture.listener();
    const result = await listener.query('{ album(id: "a") { tracks(first: 51) { totalCount } } }');
    expect(result.status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({
      message: 'Album.tracks: first must be between 1 and 50, got 51.',
      locations: [{ line: 1, column: 20 }],
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('never sends more than an endpoint takes, at the largest page sizes of every domain', async () => {
    const listener = await fixture.listener();
    const [album] = await idsOf(fixture, 'albums', 1);
    const [artist] = await idsOf(fixture, 'artists', 1);
    const [playlist] = await idsOf(fixture, 'playlists', 1);
    const [show] = await idsOf(fixture, 'shows', 1);
    const tracks = await idsOf(fixture, 'tracks', 100);
    const albums = await idsOf(fixture, 'albums', 24);
    const operations: [string, Record<string, unknown>][] = [
      ['query($id: ID!) { album(id: $id) { tracks(first: 50) { nodes { id saved } } } }', { id: album }],
      ['query($id: ID!) { artist(id: $id) { albums(first: 10) { nodes { id saved } } } }', { id: artist }],
      ['{ search(query: "a", types: [TRACK, ALBUM, ARTIST, PLAYLIST], first: 10) { tracks { totalCount } } }', {}],
      [
        `{ me { savedTracks(first: 50) { totalCount } savedAlbums(first: 50) { totalCount }
           playlists(first: 50) { totalCount } topTracks(first: 50) { totalCount }
           followedArtists(first: 50) { totalCount } recentlyPlayed(first: 50) { edges { playedAt } } } }`,
        {},
      ],
      ['query($id: ID!) { playlist(id: $id) { items(first: 50) { totalCount } } }', { id: playlist }],
      ['query($id: ID!) { show(id: $id) { episodes(first: 50) { nodes { id saved } } } }', { id: show }],
      ['{ newReleases(first: 50) { totalCount } categories(first: 50) { totalCount } }', {}],
      ['query($ids: [ID!]!) { tracks(ids: $ids) { id saved audioFeatures { tempo } } }', { ids: tracks }],
      ['query($ids: [ID!]!) { albums(ids: $ids) { id saved } }', { ids: albums }],
    ];
    let received = 0;
    for (const [query, variables] of operations) {
      const result = await listener.query(query, variables);
      expect(codes(result).filter((code) => code === 'BAD_USER_INPUT')).toEqual([]);
      expect(overMaximum(result.received)).toEqual([]);
      received += result.received.length;
    }
    // The check looked at real traffic.
    expect(received).toBeGreaterThan(operations.length);
  });
});
