/**
 * The live bench's local music service, in a process of its own (live.ts forks it), so that neither its work
 * nor its memory counts as the api's: a small catalog in memory, `listeners` listeners with access tokens, on
 * the profile asked for.
 */
import { startLocalMusic } from '../../test-support/local-music';
import { requestedScopes } from '../src/auth/scopes';

export interface LiveMusicJob {
  profile: 'full' | 'development';
  listeners: number;
}

export interface LiveMusicReady {
  url: string;
  tokens: string[];
  albumUri: string;
}

process.once('message', (job: LiveMusicJob) => {
  void (async () => {
    const music = await startLocalMusic({
      catalog: { tracks: 60, albums: 6, artists: 3, playlists: 1, shows: 1, episodes: 2 },
      env: { MUSIC_PROFILE: job.profile },
    });
    const { rows } = await music.db.query<{ id: string }>('SELECT id FROM albums ORDER BY id LIMIT 1');
    const tokens: string[] = [];
    for (let index = 0; index < job.listeners; index += 1) {
      tokens.push(await music.listenerToken(`live-bench-${index}`, requestedScopes, { ttlSeconds: 3600 }));
    }
    process.send?.({ url: music.url, tokens, albumUri: `spotify:album:${rows[0]?.id ?? ''}` } satisfies LiveMusicReady);
    process.once('disconnect', () => {
      void music.stop().finally(() => process.exit(0));
    });
  })();
});
