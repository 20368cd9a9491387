import { Kind, parse, print, type DocumentNode } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import * as web from '../../web/src/__generated__/graphql';
import { describeGraphql, type GraphqlResult, type Listener } from '../src/__fixtures__/graphql';
import { cachedAfter, figuresOf, minimumOf, needsOf } from './needs';
import { benchOperations, type OperationName, type ScreenIds } from './operations';
import { furnishListener } from './scenario';

/**
 * The benchmark's operations, each run once on both profiles of the local music service: they
 * succeed, they cost the upstream the minimum that needs.ts computes from their answers (on the
 * full profile; on the development profile, no id is fetched twice either), and run again they
 * make no catalog request at all. The catalog cache lives as long as the fixture's api, so the
 * minimum leaves out what earlier operations of this file put in it, and so do the answers kept
 * for the listener (their profile, their top items) and for their market (browse lists).
 */

describe('the benchmark operations are the web client’s', () => {
  const documents = web as unknown as Record<string, DocumentNode | undefined>;

  it.each(benchOperations.map((operation) => [operation.name, operation] as const))(
    '%s is exactly the document codegen wrote down from its screen',
    (_name, operation) => {
      const [definition] = parse(operation.document).definitions;
      const name = definition?.kind === Kind.OPERATION_DEFINITION ? definition.name?.value : undefined;
      const client = documents[`${name ?? ''}Document`];
      expect(client).toBeDefined();
      expect(operation.document).toBe(print(client as DocumentNode));
    },
  );

  it('cover the screens the benchmark names, each once but the playlist’s second page', () => {
    const names = benchOperations.map((operation) => parse(operation.document).definitions[0]);
    expect(
      names.map((definition) => (definition?.kind === Kind.OPERATION_DEFINITION ? definition.name?.value : '')),
    ).toEqual(['Home', 'PlaylistPage', 'PlaylistPage', 'AlbumPage', 'ArtistPage', 'LibraryPage', 'SearchPage']);
  });
});

/** The fields a development-mode upstream cannot answer (FEATURE_UNAVAILABLE), by operation. */
const unavailableInDevelopment: Partial<Record<OperationName, string[]>> = {
  HomeScreen: ['newReleases', 'categories'],
  ArtistScreen: ['artist.topTracks', 'artist.relatedArtists'],
};

/** The calls the upstream answered: a development-mode upstream refuses what it lacks, once per process. */
const answered = (result: GraphqlResult) => result.upstream.filter((call) => call.status !== 403);

const received = (result: GraphqlResult) =>
  result.upstream.map((call) => ({
    method: call.method,
    url: call.path,
    status: call.status === 'error' ? 0 : call.status,
  }));

describeGraphql('the benchmark operations', (fixture) => {
  const development = fixture.profile === 'development';
  let listener: Listener;
  let ids: ScreenIds;
  const previous: Partial<Record<OperationName, unknown>> = {};
  /** The catalog data the api holds, as the operations so far left it. */
  const cached = new Set<string>();

  beforeAll(async () => {
    listener = await fixture.listener();
    ids = await furnishListener({
      db: fixture.db,
      musicUrl: fixture.musicUrl,
      userId: listener.id,
      token: listener.token,
    });
  }, 60_000);

  for (const operation of benchOperations) {
    it(`${operation.name}: succeeds at the least upstream cost, and warm without catalog requests`, async () => {
      const variables = operation.variables(ids, previous);
      const result = await listener.query(operation.document, variables);
      previous[operation.name] = result.data;

      expect(result.status).toBe(200);
      const unavailable = development ? (unavailableInDevelopment[operation.name] ?? []) : [];
      expect(result.errors.filter((error) => error.extensions?.code !== 'FEATURE_UNAVAILABLE')).toEqual([]);
      expect(result.errors.map((error) => (error.path ?? []).join('.')).sort()).toEqual([...unavailable].sort());
      expect(result.data).toBeTruthy();

      const needs = needsOf(operation.name, result.data, ids);
      const minimum = minimumOf(needs, fixture.profile, cached);
      expect(minimum.requests).toBeGreaterThan(0);
      expect(answered(result)).toHaveLength(minimum.requests);
      if (development) expect(figuresOf(received(result)).repeated).toEqual([]);
      for (const key of cachedAfter(needs)) cached.add(key);

      const again = await listener.query(operation.document, variables);
      expect(again.errors.map((error) => error.extensions?.code)).toEqual(unavailable.map(() => 'FEATURE_UNAVAILABLE'));
      expect(figuresOf(received(again)).catalog).toBe(0);
      expect(again.upstream).toHaveLength(minimumOf(needs, fixture.profile, cached).requests);
      const calls = again.upstream.map((call) => `${call.path} ${String(call.status)}`);
      // Warm, the home screen asks only what depends on the moment: the plays, and the saved state of what it shows.
      if (operation.name === 'HomeScreen') {
        expect(calls).toEqual(['/v1/me/player/recently-played 200', '/v1/me/library/contains 200']);
      }
      // Read again, an unchanged playlist is a 304, its answer the one kept: the items are the same objects.
      if (operation.name === 'PlaylistScreenMore') {
        expect(calls.filter((call) => call.startsWith('/v1/playlists/'))).toEqual([
          `/v1/playlists/${ids.playlistId} 304`,
        ]);
        expect(again.data).toEqual(result.data);
      }
    });
  }

  it('reads a playlist changed elsewhere afresh, and never answers one listener what was kept for another', async () => {
    const document = benchOperations.find((operation) => operation.name === 'PlaylistScreen')?.document ?? '';
    const variables = { id: ids.playlistId, after: null };
    const before = await listener.query(document, variables);
    const name = (data: unknown) => (data as { playlist?: { name?: string } } | null)?.playlist?.name;
    // Another client of the same listener renames it, straight at the upstream.
    const renamed = await fetch(`${fixture.musicUrl}/v1/playlists/${ids.playlistId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${listener.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Longer Drive' }),
    });
    expect(renamed.ok).toBe(true);
    const after = await listener.query(document, variables);
    expect(name(before.data)).toBe('Long Drive');
    expect(name(after.data)).toBe('Longer Drive');
    expect(after.upstream.find((call) => call.path === `/v1/playlists/${ids.playlistId}`)?.status).toBe(200);

    // Someone else may not read the private playlist: their read is theirs, refused, not the one kept.
    const other = await fixture.listener();
    const theirs = await other.query(document, variables);
    expect(theirs.errors.map((error) => error.extensions?.code)).toContain('NOT_FOUND');
    expect(theirs.upstream.find((call) => call.path === `/v1/playlists/${ids.playlistId}`)?.status).toBe(404);
  });
});
