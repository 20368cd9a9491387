import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasRedis } from '../../../test-support/services';
import { describeGraphql, type GraphqlFixture, type Listener } from '../__fixtures__/graphql';
import { idsOf } from '../modules/catalog/test-support';
import { Browser, removeSessionDirs, startApi, startMusic, type Api, type Music } from './harness';

/**
 * Two listeners at the same time, each with a library, playlists and podcast progress of their
 * own, query the same catalog objects interleaved. Each must see only their own: the
 * cross-request catalog cache may share tracks, albums, artists and shows, never what belongs
 * to one listener (saved state, resume points, /me/*).
 */

// Real servers over HTTP on a machine that may be busy: time enough for each test.
vi.setConfig({ testTimeout: 30_000 });

const rounds = 12;

/** What one listener should see, and the operation that shows it. */
interface Own {
  id: string;
  savedTrack: string;
  playlist: string;
  resumeMs: number;
}

const view = `query($tracks: [ID!]!, $episode: ID!) {
  me {
    id
    savedTracks(first: 50) { nodes { id } }
    playlists(first: 50) { nodes { name } }
  }
  tracks(ids: $tracks) { id saved }
  episode(id: $episode) { id resumePoint { resumePositionMs } }
}`;

/** The answer `own` must get, given both listeners' saved tracks. */
function expected(own: Own, sharedTracks: readonly string[], episode: string): unknown {
  return {
    me: {
      id: own.id,
      savedTracks: { nodes: [{ id: own.savedTrack }] },
      playlists: { nodes: [{ name: own.playlist }] },
    },
    tracks: sharedTracks.map((id) => ({ id, saved: id === own.savedTrack })),
    episode: { id: episode, resumePoint: { resumePositionMs: own.resumeMs } },
  };
}

/** Gives `listener` a saved track, a private playlist and a place in the episode. */
async function furnish(fixture: GraphqlFixture, listener: Listener, own: Own, episode: string): Promise<void> {
  const saved = await listener.query(
    'mutation($uris: [String!]!) { saveToLibrary(input: { uris: $uris }) { tracks { id } } }',
    {
      uris: [`spotify:track:${own.savedTrack}`],
    },
  );
  expect(saved.errors).toEqual([]);
  const playlist = await listener.query(
    'mutation($name: String!) { createPlaylist(input: { name: $name, public: false }) { playlist { id } } }',
    { name: own.playlist },
  );
  expect(playlist.errors).toEqual([]);
  await fixture.db.query(
    'INSERT INTO episode_progress (user_id, episode_id, position_ms, fully_played) VALUES ($1, $2, $3, false)',
    [own.id, episode, own.resumeMs],
  );
}

describeGraphql('data isolation between listeners', (fixture) => {
  it('lets two listeners querying at once, interleaved, each see only their own data', async () => {
    const [first, second] = [await fixture.listener(), await fixture.listener()];
    const tracks = await idsOf(fixture, 'tracks', 2, 40);
    const [episode = ''] = await idsOf(fixture, 'episodes', 1);
    const owns: Own[] = [
      { id: first.id, savedTrack: tracks[0] ?? '', playlist: `Private to ${first.id}`, resumeMs: 61_000 },
      { id: second.id, savedTrack: tracks[1] ?? '', playlist: `Private to ${second.id}`, resumeMs: 122_000 },
    ];
    const listeners = [first, second];
    for (const [index, listener] of listeners.entries()) {
      const own = owns[index];
      if (own) await furnish(fixture, listener, own, episode);
    }

    // Many requests of both, started together and answered in whatever order they finish.
    const runs = Array.from({ length: rounds * 2 }, (_, index) => {
      const listener = listeners[index % 2];
      if (!listener) throw new Error('no listener');
      return listener.query(view, { tracks, episode }).then((result) => ({ index, result }));
    });
    for (const { index, result } of await Promise.all(runs)) {
      const own = owns[index % 2];
      if (!own) throw new Error('no expectation');
      expect(result.errors).toEqual([]);
      expect(result.data).toEqual(expected(own, tracks, episode));
    }
  });
});

const redisAvailable = await hasRedis();

describe.runIf(redisAvailable)('data isolation across api instances sharing a Redis cache and sessions', () => {
  let music: Music;
  let apis: Api[];

  beforeAll(async () => {
    music = await startMusic();
    apis = [await startApi(music, { redis: true }), await startApi(music, { redis: true })];
  }, 60_000);

  afterAll(async () => {
    for (const api of apis) await api.stop();
    await music.stop();
    removeSessionDirs();
  });

  it('answers each signed-in browser with its own data, whichever instance serves it', async () => {
    await music.addUser('alice', 'alice-password');
    await music.addUser('bruno', 'bruno-password');
    const [one, two] = apis;
    if (!one || !two) throw new Error('two instances expected');
    const alice = new Browser(one.url);
    await alice.signIn('alice', 'alice-password');
    const bruno = new Browser(two.url);
    await bruno.signIn('bruno', 'bruno-password');
    // Each browser's cookie works on both instances, as behind the load balancer.
    const browsers = [alice, bruno].flatMap((browser) =>
      apis.map((api) => {
        const peer = new Browser(api.url);
        for (const cookie of browser.jar.header().split('; ')) {
          const [name = '', value = ''] = cookie.split('=');
          peer.jar.set(name, value);
        }
        return peer;
      }),
    );
    const { rows } = await music.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 2');
    const tracks = rows.map((row) => row.id);
    const [aliceTrack = '', brunoTrack = ''] = tracks;
    for (const [browser, uri] of [
      [alice, `spotify:track:${aliceTrack}`],
      [bruno, `spotify:track:${brunoTrack}`],
    ] as const) {
      const saved = await browser.graphql(
        'mutation($uris: [String!]!) { saveToLibrary(input: { uris: $uris }) { tracks { id } } }',
        {
          uris: [uri],
        },
      );
      expect(saved.body.errors).toBeUndefined();
    }

    const query = 'query($ids: [ID!]!) { me { id savedTracks { nodes { id } } } tracks(ids: $ids) { id saved } }';
    const runs = Array.from({ length: rounds * 4 }, (_, index) => {
      const browser = browsers[index % browsers.length];
      if (!browser) throw new Error('no browser');
      return browser.graphql(query, { ids: tracks }).then((answer) => ({ index, answer }));
    });
    for (const { index, answer } of await Promise.all(runs)) {
      const isAlice = index % browsers.length < 2;
      const own = isAlice ? aliceTrack : brunoTrack;
      expect(answer.body).toEqual({
        data: {
          me: { id: isAlice ? 'alice' : 'bruno', savedTracks: { nodes: [{ id: own }] } },
          tracks: tracks.map((id) => ({ id, saved: id === own })),
        },
      });
    }
  });
});
