import { createRequire } from 'node:module';
import SpotifyWebApi from 'spotify-web-api-node';
import { beforeAll, expect, it } from 'vitest';
import { knownScopes } from '../../accounts/scopes';
import { sampleJpeg } from '../__fixtures__/images';
import { describeService } from '../__fixtures__/service';
import { catalogFixtures, registerDevice, type CatalogFixtures } from './fixtures';

/** The builder spotify-web-api-node makes every request with: it starts from Spotify's hosts. */
interface RequestBuilder {
  withHost(host: string): RequestBuilder;
  withPort(port: number): RequestBuilder;
  withScheme(scheme: string): RequestBuilder;
}
interface BuilderModule {
  builder: (...args: unknown[]) => RequestBuilder;
}

/**
 * spotify-web-api-node has no setting for its hosts; it asks two small modules for a request
 * builder aimed at api.spotify.com and accounts.spotify.com. Re-aiming those builders points the
 * whole library, unchanged otherwise, at the local music service.
 */
function aimAt(baseUrl: string): () => void {
  const load = createRequire(import.meta.url);
  const url = new URL(baseUrl);
  const modules = ['spotify-web-api-node/src/webapi-request.js', 'spotify-web-api-node/src/authentication-request.js'];
  const restore = modules.map((name) => {
    const module = load(name) as BuilderModule;
    const original = module.builder;
    module.builder = (...args) =>
      original(...args)
        .withScheme(url.protocol.replace(':', ''))
        .withHost(url.hostname)
        .withPort(Number(url.port));
    return () => {
      module.builder = original;
    };
  });
  return () => {
    for (const undo of restore) undo();
  };
}

await describeService('spotify-web-api-node', (service) => {
  let catalog: CatalogFixtures;
  const user = async () => {
    const listener = await service.listener(Object.keys(knownScopes));
    return { ...listener, api: new SpotifyWebApi({ accessToken: listener.token }) };
  };

  beforeAll(async () => {
    catalog = await catalogFixtures(service.db);
    // Undone after this engine's tests, so the next engine's service gets its own aim.
    return aimAt(service.url);
  });

  it('signs in with client credentials and reads the catalog', async () => {
    const api = new SpotifyWebApi({ clientId: service.config.client.id, clientSecret: service.config.client.secret });
    const grant = await api.clientCredentialsGrant();
    expect(grant.body.token_type).toBe('Bearer');
    api.setAccessToken(grant.body.access_token);
    const [first, second] = catalog.tracks;
    expect((await api.getTrack(first)).body.id).toBe(first);
    expect((await api.getTracks([first, second])).body.tracks.map((track) => track.id)).toEqual([first, second]);
    expect((await api.getAlbum(catalog.album)).body.id).toBe(catalog.album);
    expect((await api.getAlbums([catalog.album])).body.albums.map((album) => album.id)).toEqual([catalog.album]);
    expect((await api.getAlbumTracks(catalog.album, { limit: 2 })).body.items).toHaveLength(2);
    expect((await api.getArtist(catalog.artist)).body.name).toBe(catalog.artistName);
    expect((await api.getArtists([catalog.artist])).body.artists).toHaveLength(1);
    expect((await api.getArtistAlbums(catalog.artist)).body.items.length).toBeGreaterThan(0);
    expect((await api.getArtistTopTracks(catalog.artist, 'SE')).body.tracks.length).toBeGreaterThan(0);
    expect(Array.isArray((await api.getArtistRelatedArtists(catalog.artist)).body.artists)).toBe(true);
    expect((await api.getAudioFeaturesForTrack(first)).body.id).toBe(first);
    expect((await api.getAudioFeaturesForTracks([first, second])).body.audio_features).toHaveLength(2);
    const analysis = (await api.getAudioAnalysisForTrack(first)).body as { track: { tempo: number }; beats: unknown[] };
    expect(analysis.track.tempo).toBeGreaterThan(0);
    expect(analysis.beats.length).toBeGreaterThan(0);
  });

  it('searches, browses and recommends', async () => {
    const { api } = await user();
    const found = await api.searchArtists(catalog.artistName);
    expect(found.body.artists?.items.map((artist) => artist.id)).toContain(catalog.artist);
    expect((await api.search(catalog.artistName, ['track', 'album', 'playlist'])).statusCode).toBe(200);
    const categories = await api.getCategories({ limit: 3 });
    const category = categories.body.categories.items[0]?.id ?? '';
    expect((await api.getCategory(category)).body.id).toBe(category);
    expect((await api.getPlaylistsForCategory(category)).statusCode).toBe(200);
    expect((await api.getNewReleases({ limit: 3 })).body.albums.items).toHaveLength(3);
    expect((await api.getFeaturedPlaylists()).body.playlists.items.length).toBeGreaterThan(0);
    expect((await api.getAvailableGenreSeeds()).body.genres.length).toBeGreaterThan(0);
    const recommended = await api.getRecommendations({ seed_artists: [catalog.artist], min_energy: 0.2, limit: 4 });
    expect(recommended.body.tracks).toHaveLength(4);
  });

  it('edits playlists through the older tracks path', async () => {
    const { id, api } = await user();
    const created = await api.createPlaylist('Made by spotify-web-api-node', { public: true });
    const playlist = created.body.id;
    const uris = catalog.tracks.slice(0, 3).map((track) => `spotify:track:${track}`);
    await api.addTracksToPlaylist(playlist, uris);
    await api.reorderTracksInPlaylist(playlist, 0, 3);
    await api.removeTracksFromPlaylist(playlist, [{ uri: uris[1] ?? '' }]);
    const items = await api.getPlaylistTracks(playlist);
    // The older library reads the older field, which full-access apps are still sent.
    // oxlint-disable-next-line typescript/no-deprecated
    expect(items.body.items.map((item) => item.track?.id)).toEqual([catalog.tracks[2], catalog.tracks[0]]);
    await api.replaceTracksInPlaylist(playlist, [uris[0] ?? '']);
    expect((await api.uploadCustomPlaylistCoverImage(playlist, sampleJpeg)).statusCode).toBe(202);
    expect((await api.getPlaylist(playlist)).body.images).toMatchObject([{ height: 1, width: 1 }]);
    await api.changePlaylistDetails(playlist, { name: 'Renamed' });
    expect((await api.getPlaylist(playlist)).body).toMatchObject({ name: 'Renamed', tracks: { total: 1 } });
    expect((await api.getUserPlaylists(id)).body.items.map((item) => item.id)).toContain(playlist);
    await api.followPlaylist(catalog.playlist);
    expect((await api.areFollowingPlaylist('graphonic', catalog.playlist, [id])).body).toEqual([true]);
    await api.unfollowPlaylist(catalog.playlist);
  });

  it("keeps the user's library, follows, profile and podcasts", async () => {
    const { id, api } = await user();
    expect((await api.getMe()).body.id).toBe(id);
    expect((await api.getUser(id)).body.id).toBe(id);
    await api.addToMySavedTracks([catalog.tracks[0]]);
    expect((await api.containsMySavedTracks([catalog.tracks[0]])).body).toEqual([true]);
    expect((await api.getMySavedTracks()).body.total).toBe(1);
    await api.removeFromMySavedTracks([catalog.tracks[0]]);
    await api.addToMySavedAlbums([catalog.album]);
    expect((await api.containsMySavedAlbums([catalog.album])).body).toEqual([true]);
    expect((await api.getMySavedAlbums()).body.items.map((item) => item.album.id)).toEqual([catalog.album]);
    await api.followArtists([catalog.artist]);
    expect((await api.isFollowingArtists([catalog.artist])).body).toEqual([true]);
    expect((await api.getFollowedArtists()).body.artists.items.map((artist) => artist.id)).toEqual([catalog.artist]);
    await api.unfollowArtists([catalog.artist]);
    expect((await api.getMyTopArtists()).body.items).toEqual([]);
    expect((await api.getMyTopTracks({ time_range: 'long_term' })).body.items).toEqual([]);
    expect((await api.getShow(catalog.show)).body.id).toBe(catalog.show);
    expect((await api.getShows([catalog.show])).body.shows).toHaveLength(1);
    expect((await api.getShowEpisodes(catalog.show)).body.items.length).toBeGreaterThan(0);
    expect((await api.getEpisode(catalog.episode)).body.id).toBe(catalog.episode);
    await api.addToMySavedShows([catalog.show]);
    expect((await api.containsMySavedShows([catalog.show])).body).toEqual([true]);
    expect((await api.getMySavedShows()).body.items.map((item) => item.show.id)).toEqual([catalog.show]);
  });

  it('plays, queues and reports playback', async () => {
    const { token, api } = await user();
    const device = await registerDevice(service.url, token);
    expect((await api.getMyDevices()).body.devices.map((found) => found.id)).toContain(device);
    await api.transferMyPlayback([device]);
    await api.play({ device_id: device, uris: catalog.tracks.slice(0, 3).map((track) => `spotify:track:${track}`) });
    expect((await api.getMyCurrentPlaybackState()).body.is_playing).toBe(true);
    await api.skipToNext({ device_id: device });
    expect((await api.getMyCurrentPlayingTrack()).body.item?.id).toBe(catalog.tracks[1]);
    await api.skipToPrevious({ device_id: device });
    await api.seek(5000, { device_id: device });
    await api.setShuffle(false, { device_id: device });
    await api.setRepeat('track', { device_id: device });
    await api.setVolume(55, { device_id: device });
    await api.addToQueue(`spotify:track:${catalog.tracks[3] ?? ''}`, { device_id: device });
    await api.pause({ device_id: device });
    const state = (await api.getMyCurrentPlaybackState()).body;
    expect(state).toMatchObject({ is_playing: false, repeat_state: 'track', device: { volume_percent: 55 } });
    expect((await api.getMyRecentlyPlayedTracks({ limit: 5 })).statusCode).toBe(200);
  });

  it('answers errors in the shape the library reports', async () => {
    const { api } = await user();
    await expect(api.getTrack('not-an-id!')).rejects.toMatchObject({ statusCode: 400 });
    await expect(api.getAlbum('Z'.repeat(22))).rejects.toMatchObject({ statusCode: 404 });
  });
});
