import { beforeAll, describe, expect, it } from 'vitest';
import { describeService } from '../v1/__fixtures__/service';

const everything = [
  'user-library-read',
  'user-library-modify',
  'user-follow-read',
  'user-follow-modify',
  'playlist-read-private',
  'playlist-modify-public',
];

const at = (list: string[], index: number): string => list[index] ?? '';

await describeService('the library', (service) => {
  let tracks: string[];
  let albums: string[];
  let artists: string[];

  beforeAll(async () => {
    const ids = async (sql: string) => (await service.db.query<{ id: string }>(sql)).rows.map((row) => row.id);
    tracks = await ids('SELECT id FROM tracks ORDER BY id LIMIT 60');
    albums = await ids('SELECT id FROM albums ORDER BY id');
    artists = await ids('SELECT id FROM artists ORDER BY id');
  });

  const listener = async (scopes = everything) => (await service.listener(scopes)).call;

  describe('saved tracks', () => {
    it('are saved, listed newest first, checked and removed', async () => {
      const call = await listener();
      expect((await call('PUT', `/me/tracks?ids=${at(tracks, 0)}`)).status).toBe(200);
      expect((await call('PUT', `/me/tracks?ids=${at(tracks, 1)},${at(tracks, 0)}`)).status).toBe(200);
      expect((await call('PUT', '/me/tracks', { ids: [at(tracks, 2)] })).status).toBe(200);
      // Some clients send the ids as a bare array.
      expect((await call('PUT', '/me/tracks', [at(tracks, 2)])).status).toBe(200);
      const saved = (await call('GET', '/me/tracks?limit=2')).body as {
        total: number;
        items: { track: { id: string } }[];
        next: string | null;
      };
      expect(saved.total).toBe(3);
      expect(saved.items.map((item) => item.track.id)).toEqual([at(tracks, 2), at(tracks, 1)]);
      expect(saved.next).toContain('offset=2');
      expect((await call('GET', `/me/tracks/contains?ids=${at(tracks, 0)},${at(tracks, 5)}`)).body).toEqual([
        true,
        false,
      ]);
      await call('DELETE', `/me/tracks?ids=${at(tracks, 0)}`);
      expect((await call('GET', `/me/tracks/contains?ids=${at(tracks, 0)}`)).body).toEqual([false]);
    });

    it('save nothing when one id is unknown, and refuse more than 50', async () => {
      const call = await listener();
      const unknown = 'A'.repeat(22);
      expect((await call('PUT', `/me/tracks?ids=${at(tracks, 0)},${unknown}`)).status).toBe(400);
      expect((await call('GET', '/me/tracks')).body).toMatchObject({ total: 0 });
      expect((await call('PUT', `/me/tracks?ids=${tracks.slice(0, 51).join(',')}`)).body).toEqual({
        error: { status: 400, message: 'Too many ids requested: at most 50' },
      });
    });

    it('need their scopes', async () => {
      const call = await listener(['user-library-read']);
      expect(await call('PUT', `/me/tracks?ids=${at(tracks, 0)}`)).toEqual({
        status: 403,
        body: { error: { status: 403, message: 'Insufficient client scope' } },
      });
    });
  });

  describe('saved albums', () => {
    it('come with their tracks and keep the 20-id maximum', async () => {
      const call = await listener();
      await call('PUT', `/me/albums?ids=${at(albums, 0)}`);
      const saved = (await call('GET', '/me/albums')).body as {
        items: { album: { id: string; tracks: { total: number } } }[];
      };
      expect(saved.items[0]?.album.id).toBe(at(albums, 0));
      expect(saved.items[0]?.album.tracks.total).toBeGreaterThan(0);
      expect((await call('GET', `/me/albums/contains?ids=${albums.slice(0, 2).join(',')}`)).body).toEqual([
        true,
        false,
      ]);
    });
  });

  describe('the library by URI', () => {
    it('saves tracks and albums and follows artists in one transaction', async () => {
      const call = await listener();
      const uris = [
        `spotify:track:${at(tracks, 3)}`,
        `spotify:album:${at(albums, 1)}`,
        `spotify:artist:${at(artists, 0)}`,
      ];
      expect((await call('PUT', `/me/library?uris=${uris.join(',')}`)).status).toBe(200);
      const check = [...uris, `spotify:track:${at(tracks, 4)}`];
      expect((await call('GET', `/me/library/contains?uris=${check.join(',')}`)).body).toEqual([
        true,
        true,
        true,
        false,
      ]);
      await call('DELETE', `/me/library?uris=${uris[0] ?? ''}`);
      expect((await call('GET', `/me/library/contains?uris=${uris[0] ?? ''}`)).body).toEqual([false]);
    });

    it('saves shows and episodes, which their own endpoints then list', async () => {
      const call = await listener([...everything, 'user-read-playback-position']);
      const show = (await service.db.query<{ id: string }>('SELECT id FROM shows ORDER BY id LIMIT 1')).rows[0]?.id;
      const episode = (await service.db.query<{ id: string }>('SELECT id FROM episodes ORDER BY id LIMIT 1')).rows[0]
        ?.id;
      const uris = [`spotify:show:${show ?? ''}`, `spotify:episode:${episode ?? ''}`];
      expect((await call('PUT', `/me/library?uris=${uris.join(',')}`)).status).toBe(200);
      expect((await call('GET', `/me/library/contains?uris=${uris.join(',')}`)).body).toEqual([true, true]);
      expect((await call('GET', '/me/shows')).body).toMatchObject({ total: 1, items: [{ show: { id: show } }] });
      expect((await call('GET', '/me/episodes')).body).toMatchObject({
        total: 1,
        items: [{ episode: { id: episode } }],
      });
      expect((await call('DELETE', '/me/shows', [show])).status).toBe(200);
      expect((await call('GET', `/me/shows/contains?ids=${show ?? ''}`)).body).toEqual([false]);
    });

    it('refuses bad URIs and more than 40', async () => {
      const call = await listener();
      expect((await call('PUT', '/me/library?uris=spotify:track:nope')).status).toBe(400);
      const many = Array.from({ length: 41 }, () => `spotify:track:${at(tracks, 0)}`).join(',');
      expect((await call('GET', `/me/library/contains?uris=${many}`)).status).toBe(400);
    });
  });

  describe('followed artists', () => {
    it('page by cursor and answer contains', async () => {
      const call = await listener();
      expect((await call('PUT', `/me/following?type=artist&ids=${artists.slice(0, 3).join(',')}`)).status).toBe(204);
      const first = (await call('GET', '/me/following?type=artist&limit=2')).body as {
        artists: { items: { id: string }[]; cursors: { after: string | null }; total: number };
      };
      expect(first.artists.total).toBe(3);
      expect(first.artists.items.map((artist) => artist.id)).toEqual(artists.slice(0, 2));
      const after = first.artists.cursors.after ?? '';
      const second = (await call('GET', `/me/following?type=artist&limit=2&after=${after}`)).body as {
        artists: { items: { id: string }[]; cursors: { after: string | null } };
      };
      expect(second.artists.items.map((artist) => artist.id)).toEqual([at(artists, 2)]);
      expect(second.artists.cursors.after).toBeNull();
      expect(
        (await call('GET', `/me/following/contains?type=artist&ids=${at(artists, 0)},${at(artists, 5)}`)).body,
      ).toEqual([true, false]);
      expect((await call('GET', '/me/following?type=user')).status).toBe(400);
    });

    it('count towards the artist followers', async () => {
      const call = await listener();
      const artist = at(artists, 4);
      const followers = async () =>
        ((await call('GET', `/artists/${artist}`)).body as { followers: { total: number } }).followers.total;
      const before = await followers();
      await call('PUT', `/me/following?type=artist&ids=${artist}`);
      expect(await followers()).toBe(before + 1);
      const several = (await call('GET', `/artists?ids=${artist}`)).body as {
        artists: { followers: { total: number } }[];
      };
      expect(several.artists[0]?.followers.total).toBe(before + 1);
      await call('DELETE', `/me/following?type=artist&ids=${artist}`);
      expect(await followers()).toBe(before);
    });
  });

  describe('followed users', () => {
    it('are followed by ids in the query or the body, checked, counted and unfollowed', async () => {
      const fan = await service.listener(everything);
      const star = await service.listener([]);
      const other = await service.listener([]);
      expect((await fan.call('PUT', `/me/following?type=user&ids=${star.id}`)).status).toBe(204);
      expect((await fan.call('PUT', '/me/following?type=user', { ids: [other.id] })).status).toBe(204);
      // Following again, or following oneself, changes nothing.
      expect((await fan.call('PUT', `/me/following?type=user&ids=${star.id},${fan.id}`)).status).toBe(204);
      expect(
        (await fan.call('GET', `/me/following/contains?type=user&ids=${star.id},${other.id},${fan.id}`)).body,
      ).toEqual([true, true, false]);
      expect((await fan.call('GET', `/users/${star.id}`)).body).toMatchObject({ followers: { total: 1 } });
      expect((await fan.call('DELETE', '/me/following?type=user', { ids: [star.id] })).status).toBe(204);
      expect((await fan.call('GET', `/me/following/contains?type=user&ids=${star.id},${other.id}`)).body).toEqual([
        false,
        true,
      ]);
      expect((await fan.call('GET', `/users/${star.id}`)).body).toMatchObject({ followers: { total: 0 } });
      // Users are not artists.
      expect((await fan.call('GET', `/me/following/contains?type=artist&ids=${other.id}`)).status).toBe(400);
    });

    it('refuse unknown users, bad types, too many ids and missing scopes, with nothing written', async () => {
      const fan = await service.listener(everything);
      const star = await service.listener([]);
      expect((await fan.call('PUT', `/me/following?type=user&ids=${star.id},nobody-here`)).body).toEqual({
        error: { status: 400, message: 'Unknown id' },
      });
      expect((await fan.call('GET', `/me/following/contains?type=user&ids=${star.id}`)).body).toEqual([false]);
      expect((await fan.call('PUT', `/me/following?ids=${star.id}`)).status).toBe(400);
      expect((await fan.call('PUT', `/me/following?type=playlist&ids=${star.id}`)).status).toBe(400);
      expect((await fan.call('PUT', '/me/following?type=user')).status).toBe(400);
      expect((await fan.call('PUT', '/me/following?type=user', { ids: 'abc' })).status).toBe(400);
      expect((await fan.call('PUT', '/me/following?type=user&ids=Not%20A%20Name')).status).toBe(400);
      const many = Array.from({ length: 51 }, (_, n) => `user${n}`).join(',');
      expect((await fan.call('PUT', `/me/following?type=user&ids=${many}`)).body).toEqual({
        error: { status: 400, message: 'Too many ids requested: at most 50' },
      });
      const readOnly = await listener(['user-follow-read']);
      expect(await readOnly('PUT', `/me/following?type=user&ids=${star.id}`)).toEqual({
        status: 403,
        body: { error: { status: 403, message: 'Insufficient client scope' } },
      });
      const modifyOnly = await listener(['user-follow-modify']);
      expect((await modifyOnly('GET', `/me/following/contains?type=user&ids=${star.id}`)).status).toBe(403);
      expect((await fan.call('GET', `/me/following/contains?type=user&ids=${star.id}`)).body).toEqual([false]);
    });
  });

  describe('followed artists', () => {
    it('count their followers and are followed and unfollowed by JSON body', async () => {
      const call = await listener();
      const artist = at(artists, 4);
      const seeded =
        (await service.db.query<{ followers: number }>('SELECT followers FROM artists WHERE id = $1', [artist])).rows[0]
          ?.followers ?? 0;
      const follows = async () =>
        (
          await service.db.query<{ n: number }>('SELECT count(*) AS n FROM followed_artists WHERE artist_id = $1', [
            artist,
          ])
        ).rows[0]?.n ?? 0;
      expect((await call('PUT', '/me/following?type=artist', { ids: [artist] })).status).toBe(204);
      const listed = (await call('GET', '/me/following?type=artist')).body as {
        artists: { items: { id: string; followers: { total: number } }[] };
      };
      const shown = listed.artists.items.find((item) => item.id === artist);
      expect(shown?.followers.total).toBe(seeded + (await follows()));
      expect((await call('DELETE', '/me/following?type=artist', { ids: [artist] })).status).toBe(204);
      expect((await call('GET', `/me/following/contains?type=artist&ids=${artist}`)).body).toEqual([false]);
      expect((await call('PUT', `/me/following?type=artist&ids=${'Q'.repeat(22)}`)).status).toBe(400);
      expect((await call('GET', '/me/following?type=artist')).body).toMatchObject({ artists: { total: 0 } });
    });

    it('show a follow in the artist at once, whichever way it came', async () => {
      const call = await listener();
      const artist = at(artists, 5);
      const followers = async () =>
        ((await call('GET', `/artists/${artist}`)).body as { followers: { total: number } }).followers.total;
      const before = await followers();
      expect((await call('PUT', '/me/following?type=artist', { ids: [artist] })).status).toBe(204);
      expect(await followers()).toBe(before + 1);
      expect((await call('DELETE', `/me/library?uris=spotify:artist:${artist}`)).status).toBe(200);
      expect(await followers()).toBe(before);
      expect((await call('PUT', `/me/library?uris=spotify:artist:${artist}`)).status).toBe(200);
      expect(await followers()).toBe(before + 1);
      expect((await call('DELETE', '/me/following?type=artist', { ids: [artist] })).status).toBe(204);
      expect(await followers()).toBe(before);
    });
  });

  describe('the library by URI, for people and playlists', () => {
    it('follows users and playlists, and checks them with their read scopes', async () => {
      const fan = await service.listener(everything);
      const star = await service.listener(['playlist-modify-private', 'playlist-modify-public']);
      const playlist = await star.call('POST', '/me/playlists', { name: 'Star picks' });
      const secret = await star.call('POST', '/me/playlists', { name: 'Star secret', public: false });
      const uris = [`spotify:user:${star.id}`, `spotify:playlist:${String(playlist.body.id)}`];
      expect((await fan.call('PUT', `/me/library?uris=${uris.join(',')}`)).status).toBe(200);
      expect((await fan.call('GET', `/me/library/contains?uris=${uris.join(',')}`)).body).toEqual([true, true]);
      expect((await fan.call('GET', `/me/following/contains?type=user&ids=${star.id}`)).body).toEqual([true]);
      expect((await fan.call('GET', '/me/playlists')).body).toMatchObject({
        total: 1,
        items: [{ id: playlist.body.id }],
      });
      // Someone else's private playlist cannot be followed, and nothing else of the request is saved.
      const refused = await fan.call(
        'PUT',
        `/me/library?uris=spotify:track:${at(tracks, 7)},spotify:playlist:${String(secret.body.id)}`,
      );
      expect(refused.status).toBe(404);
      expect((await fan.call('GET', `/me/library/contains?uris=spotify:track:${at(tracks, 7)}`)).body).toEqual([false]);
      expect((await fan.call('DELETE', `/me/library?uris=${uris.join(',')}`)).status).toBe(200);
      expect((await fan.call('GET', `/me/library/contains?uris=${uris.join(',')}`)).body).toEqual([false, false]);
      const libraryOnly = await listener(['user-library-read', 'user-library-modify']);
      expect((await libraryOnly('PUT', `/me/library?uris=${uris[0] ?? ''}`)).status).toBe(403);
      expect((await libraryOnly('GET', `/me/library/contains?uris=${uris[0] ?? ''}`)).status).toBe(403);
    });
  });

  describe('in development mode', () => {
    it('refuses the per-type follow endpoints and serves /me/library and the followed artists', async () => {
      const { call } = await service.listener(everything, { profile: 'development' });
      const star = await service.listener([]);
      for (const [method, path] of [
        ['PUT', `/me/following?type=user&ids=${star.id}`],
        ['DELETE', `/me/following?type=artist&ids=${at(artists, 0)}`],
        ['GET', `/me/following/contains?type=artist&ids=${at(artists, 0)}`],
        ['PUT', `/me/tracks?ids=${at(tracks, 0)}`],
      ] as const) {
        const answer = await call(method, path, undefined, 'development');
        expect(answer.status).toBe(403);
        expect((answer.body.error as { message: string }).message).toContain('development mode');
      }
      const uris = `spotify:artist:${at(artists, 1)},spotify:user:${star.id}`;
      expect((await call('PUT', `/me/library?uris=${uris}`, undefined, 'development')).status).toBe(200);
      expect((await call('GET', `/me/library/contains?uris=${uris}`, undefined, 'development')).body).toEqual([
        true,
        true,
      ]);
      const followed = await call('GET', '/me/following?type=artist', undefined, 'development');
      expect(followed.body).toMatchObject({ artists: { total: 1, items: [{ id: at(artists, 1) }] } });
      expect((followed.body.artists as { items: Record<string, unknown>[] }).items[0]).not.toHaveProperty('followers');
    });
  });
});
