/**
 * The benchmark's local music service, in a process of its own (bench.ts forks it), so that its
 * work never takes the api's event loop. It seeds the default catalog in memory, arranges the
 * listener (scenario.ts), and answers with injected latency on the profile asked for. It records
 * every music v1 request it receives, with its query, status and the bytes of its answer's body:
 * `GET /bench/received` hands them
 * over and forgets them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMusicApp,
  createUser,
  issueTokens,
  loadMusicConfig,
  migrate,
  openDatabase,
  registerConfiguredClient,
  seedCatalog,
  type MusicApp,
} from '@graphonic/music';
import type { ReceivedRequest } from './needs';
import type { ScreenIds } from './operations';
import { furnishListener, listenerScopes } from './scenario';

/** What the parent asks for. */
export interface MusicJob {
  profile: 'full' | 'development';
  latencyMs: number;
  /** How the latency applies (`MUSIC_LATENCY_MODE`). */
  latencyMode: 'added' | 'total';
}

/** What the child answers once it is ready. */
export interface MusicReady {
  url: string;
  token: string;
  ids: ScreenIds;
  /** A track and an artist that no screen shows: a fresh api learns the upstream's capabilities from them. */
  spare: { trackId: string; artistId: string };
  /**
   * Other screens of the same kinds, sharing no catalog object with `ids`: a fresh api runs them first,
   * so that a cold run finds an empty catalog cache in a server that has run the operation before.
   */
  alternate: ScreenIds;
  /** How long seeding the catalog took, in milliseconds. */
  seedMs: number;
}

async function start(job: MusicJob): Promise<MusicReady> {
  const db = await openDatabase({});
  await migrate(db);
  const seedStarted = performance.now();
  await seedCatalog(db);
  const seedMs = performance.now() - seedStarted;

  const received: ReceivedRequest[] = [];
  // The service is built once the server knows its own address: requests before that find none.
  const music: { current?: MusicApp } = {};
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/bench/received') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(received.splice(0)));
      return;
    }
    if (url.startsWith('/v1/')) {
      const start = performance.timeOrigin + performance.now();
      res.once('finish', () => {
        const end = performance.timeOrigin + performance.now();
        // Every JSON answer of the service is sent whole, with its length; a 304 has no body.
        const bytes = res.statusCode === 304 ? 0 : Number(res.getHeader('content-length') ?? 0);
        received.push({ method: req.method ?? 'GET', url, status: res.statusCode, bytes, start, end });
      });
    }
    music.current?.app(req, res);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const config = loadMusicConfig({
    NODE_ENV: 'test',
    MUSIC_PUBLIC_URL: url,
    MUSIC_PROFILE: job.profile,
    MUSIC_LATENCY_MS: String(job.latencyMs),
    MUSIC_LATENCY_MODE: job.latencyMode,
  });
  await registerConfiguredClient(db, config.client);
  music.current = createMusicApp(config, { db });

  await createUser(db, { id: 'bench', displayName: 'Bench Listener' });
  const { access_token: token } = await issueTokens(db, {
    userId: 'bench',
    clientId: config.client.id,
    scopes: listenerScopes,
    ttlSeconds: 24 * 60 * 60,
    withRefreshToken: false,
  });
  const ids = await furnishListener({ db, musicUrl: url, userId: 'bench', token });
  const { rows } = await db.query<{ track: string; artist: string }>(
    `SELECT (SELECT id FROM tracks WHERE album_id <> $1 ORDER BY id LIMIT 1) AS track,
            (SELECT id FROM artists WHERE id <> $2
               AND id NOT IN (SELECT artist_id FROM album_artists WHERE album_id = $1) ORDER BY id LIMIT 1) AS artist`,
    [ids.albumId, ids.artistId],
  );
  const spare = { trackId: rows[0]?.track ?? '', artistId: rows[0]?.artist ?? '' };
  const { rows: others } = await db.query<{ album: string; artist: string; word: string }>(
    `SELECT
       (SELECT t.album_id FROM tracks t WHERE NOT EXISTS (
          SELECT 1 FROM album_artists a JOIN album_artists b ON a.artist_id = b.artist_id
           WHERE a.album_id = t.album_id AND b.album_id = $1)
        GROUP BY t.album_id ORDER BY count(*) DESC, t.album_id LIMIT 1) AS album,
       (SELECT artist_id FROM album_artists WHERE artist_id NOT IN ($2, $4)
        GROUP BY artist_id ORDER BY count(*) DESC, artist_id LIMIT 1) AS artist,
       (SELECT lower(split_part(name, ' ', 1)) FROM tracks WHERE length(split_part(name, ' ', 1)) >= 4
          AND lower(split_part(name, ' ', 1)) <> $3
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS word`,
    [ids.albumId, ids.artistId, ids.searchText, spare.artistId],
  );
  const alternate: ScreenIds = {
    playlistId: ids.playlistId,
    albumId: others[0]?.album ?? '',
    artistId: others[0]?.artist ?? '',
    searchText: others[0]?.word ?? '',
  };
  received.length = 0;

  // The benchmark is over (or gone): nothing here outlives it, and the database lives in memory only.
  process.once('disconnect', () => {
    server.closeAllConnections();
    process.exit(0);
  });
  return { url, token, ids, spare, alternate, seedMs };
}

process.once('message', (job: MusicJob) => {
  start(job).then(
    (ready) => process.send?.(ready),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
