import { SpotifyApi } from '@spotify/web-api-ts-sdk';
import { beforeAll, expect, it } from 'vitest';
import { knownScopes } from '../../accounts/scopes';
import { sampleJpeg } from '../__fixtures__/images';
import { describeService, type ServiceFixture } from '../__fixtures__/service';
import { catalogFixtures, registerDevice, type CatalogFixtures } from './fixtures';

/**
 * Spotify's official TypeScript SDK, unchanged, pointed at the local music service: every
 * request it makes to https://api.spotify.com goes to the service instead.
 */
function sdkFor(service: ServiceFixture, token: string): SpotifyApi {
  return SpotifyApi.withAccessToken(
    'graphonic',
    { access_token: token, token_type: 'Bearer', expires_in: 3600, refresh_token: '' },
    {
      fetch: (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        return fetch(url.replace('https://api.spotify.com', service.url), init);
      },
    },
  );
}

await describeService("Spotify's TypeScript SDK", (service) => {
  let catalog: CatalogFixtures;
  const user = async () => {
    const listener = await service.listener(Object.keys(knownScopes));
    return { ...listener, sdk: sdkFor(service, listener.token) };
  };

  beforeAll(async () => {
    catalog = await catalogFixtures(service.db);
  });

  it('reads tracks, albums, artists and audio features', async () => {
    const { sdk } = await user();
    const [first, second] = catalog.tracks;
    expect((await sdk.tracks.get(first)).id).toBe(first);
    expect((await sdk.tracks.get([first, second])).map((track) => track.id)).toEqual([first, second]);
    const album = await sdk.albums.get(catalog.album);
    expect(album.tracks.items.length).toBeGreaterThan(0);
    expect((await sdk.albums.get([catalog.album])).map((found) => found.id)).toEqual([catalog.album]);
    expect((await sdk.albums.tracks(catalog.album, undefined, 2)).items).toHaveLength(2);
    expect((await sdk.artists.get(catalog.artist)).id).toBe(catalog.artist);
    expect((await sdk.artists.get([catalog.artist])).map((artist) => artist.id)).toEqual([catalog.artist]);
    expect((await sdk.artists.albums(catalog.artist, 'album,single', undefined, 5)).items.length).toBeGreaterThan(0);
    expect((await sdk.artists.topTracks(catalog.artist, 'SE')).tracks.length).toBeGreaterThan(0);
    expect(Array.isArray((await sdk.artists.relatedArtists(catalog.artist)).artists)).toBe(true);
    expect((await sdk.tracks.audioFeatures(first)).tempo).toBeGreaterThan(0);
    expect((await sdk.tracks.audioFeatures([first, second])).map((features) => features.id)).toEqual([first, second]);
    expect((await sdk.markets.getAvailableMarkets()).markets).toContain('SE');
    const analysis = await sdk.tracks.audioAnalysis(first);
    expect(analysis.track.tempo).toBeGreaterThan(0);
    expect(analysis.beats.length).toBeGreaterThan(analysis.bars.length);
  });

  it('finds no audiobooks or chapters, as in a market without them', async () => {
    const { sdk } = await user();
    const audiobook = '7iHfbu1YPACw6oZPAFJtqe';
    await expect(sdk.audiobooks.get(audiobook)).rejects.toThrow(/404/);
    await expect(sdk.audiobooks.getAudiobookChapters(audiobook)).rejects.toThrow(/404/);
    await expect(sdk.chapters.get(audiobook, 'GB')).rejects.toThrow(/404/);
    expect((await sdk.currentUser.audiobooks.savedAudiobooks()).items).toEqual([]);
    expect(await sdk.currentUser.audiobooks.hasSavedAudiobooks([audiobook])).toEqual([false]);
    await sdk.currentUser.audiobooks.removeSavedAudiobooks([audiobook]);
  });

  it('searches every type', async () => {
    const { sdk } = await user();
    const results = await sdk.search(catalog.artistName, ['artist', 'track', 'album', 'playlist', 'show', 'episode']);
    expect(results.artists.items.map((artist) => artist.id)).toContain(catalog.artist);
    expect(results.tracks.total).toBeGreaterThanOrEqual(0);
  });

  it('browses categories, new releases, featured playlists and recommendations', async () => {
    const { sdk } = await user();
    const categories = await sdk.browse.getCategories('SE', undefined, 5);
    const category = categories.categories.items[0];
    expect(category).toBeDefined();
    expect((await sdk.browse.getCategory(category?.id ?? '')).name).toBe(category?.name);
    expect(Array.isArray((await sdk.browse.getPlaylistsForCategory(category?.id ?? '')).playlists.items)).toBe(true);
    expect((await sdk.browse.getNewReleases('SE', 5)).albums.items.length).toBeGreaterThan(0);
    expect((await sdk.browse.getFeaturedPlaylists()).playlists.items.length).toBeGreaterThan(0);
    const seeds = await sdk.recommendations.genreSeeds();
    expect(seeds.genres.length).toBeGreaterThan(0);
    const recommended = await sdk.recommendations.get({ seed_tracks: [catalog.tracks[0]], limit: 5 });
    expect(recommended.tracks).toHaveLength(5);
  });

  it('creates a playlist and edits its items', async () => {
    const { id, sdk } = await user();
    const playlist = await sdk.playlists.createPlaylist(id, { name: 'Made by the SDK', public: false });
    const uris = catalog.tracks.slice(0, 3).map((track) => `spotify:track:${track}`);
    await sdk.playlists.addItemsToPlaylist(playlist.id, uris);
    await sdk.playlists.movePlaylistItems(playlist.id, 2, 1, 0);
    const moved = await sdk.playlists.getPlaylistItems(playlist.id);
    expect(moved.items.map((item) => item.track.id)).toEqual([catalog.tracks[2], catalog.tracks[0], catalog.tracks[1]]);
    await sdk.playlists.removeItemsFromPlaylist(playlist.id, { tracks: [{ uri: uris[0] ?? '' }] });
    await sdk.playlists.addCustomPlaylistCoverImageFromBase64String(playlist.id, sampleJpeg);
    expect(await sdk.playlists.getPlaylistCoverImage(playlist.id)).toMatchObject([{ height: 1, width: 1 }]);
    await sdk.playlists.changePlaylistDetails(playlist.id, { name: 'Renamed', description: 'Edited' });
    const edited = await sdk.playlists.getPlaylist(playlist.id);
    expect(edited).toMatchObject({ name: 'Renamed', description: 'Edited' });
    expect(edited.tracks.total).toBe(2);
    expect((await sdk.currentUser.playlists.playlists()).items.map((item) => item.id)).toContain(playlist.id);
    await sdk.currentUser.playlists.follow(catalog.playlist);
    expect(await sdk.currentUser.playlists.isFollowing(catalog.playlist, [id])).toEqual([true]);
    await sdk.currentUser.playlists.unfollow(catalog.playlist);
    expect(await sdk.currentUser.playlists.isFollowing(catalog.playlist, [id])).toEqual([false]);
  });

  it("keeps the user's library and follows", async () => {
    const { sdk } = await user();
    const [track] = catalog.tracks;
    await sdk.currentUser.tracks.saveTracks([track]);
    expect(await sdk.currentUser.tracks.hasSavedTracks([track])).toEqual([true]);
    expect((await sdk.currentUser.tracks.savedTracks()).items.map((item) => item.track.id)).toEqual([track]);
    await sdk.currentUser.tracks.removeSavedTracks([track]);
    await sdk.currentUser.albums.saveAlbums([catalog.album]);
    expect((await sdk.currentUser.albums.savedAlbums()).items.map((item) => item.album.id)).toEqual([catalog.album]);
    await sdk.currentUser.shows.saveShows([catalog.show]);
    expect(await sdk.currentUser.shows.hasSavedShow([catalog.show])).toEqual([true]);
    expect((await sdk.currentUser.shows.savedShows()).items.map((item) => item.show.id)).toEqual([catalog.show]);
    await sdk.currentUser.episodes.saveEpisodes([catalog.episode]);
    expect((await sdk.currentUser.episodes.savedEpisodes()).items.map((item) => item.episode.id)).toEqual([
      catalog.episode,
    ]);
    await sdk.currentUser.followArtistsOrUsers([catalog.artist], 'artist');
    expect(await sdk.currentUser.followsArtistsOrUsers([catalog.artist], 'artist')).toEqual([true]);
    expect((await sdk.currentUser.followedArtists()).artists.items.map((artist) => artist.id)).toEqual([
      catalog.artist,
    ]);
    await sdk.currentUser.unfollowArtistsOrUsers([catalog.artist], 'artist');
    expect(await sdk.currentUser.followsArtistsOrUsers([catalog.artist], 'artist')).toEqual([false]);
  });

  it('reads profiles, top items, shows and episodes', async () => {
    const { id, sdk } = await user();
    expect((await sdk.currentUser.profile()).id).toBe(id);
    expect((await sdk.users.profile(id)).id).toBe(id);
    expect((await sdk.currentUser.topItems('artists')).items).toEqual([]);
    expect((await sdk.currentUser.topItems('tracks', 'short_term')).items).toEqual([]);
    expect((await sdk.shows.get(catalog.show, 'SE')).id).toBe(catalog.show);
    expect((await sdk.shows.get([catalog.show], 'SE')).map((show) => show.id)).toEqual([catalog.show]);
    expect((await sdk.shows.episodes(catalog.show)).items.length).toBeGreaterThan(0);
    expect((await sdk.episodes.get(catalog.episode, 'SE')).id).toBe(catalog.episode);
    expect((await sdk.episodes.get([catalog.episode], 'SE')).map((episode) => episode.id)).toEqual([catalog.episode]);
  });

  it('drives the player on a registered device', async () => {
    const { token, sdk } = await user();
    const device = await registerDevice(service.url, token);
    expect((await sdk.player.getAvailableDevices()).devices.map((found) => found.id)).toContain(device);
    await sdk.player.transferPlayback([device]);
    await sdk.player.startResumePlayback(device, `spotify:album:${catalog.album}`, undefined, { position: 0 });
    let state = await sdk.player.getPlaybackState();
    expect(state.is_playing).toBe(true);
    expect(state.context?.uri).toBe(`spotify:album:${catalog.album}`);
    await sdk.player.skipToNext(device);
    await sdk.player.skipToPrevious(device);
    await sdk.player.seekToPosition(10_000, device);
    await sdk.player.togglePlaybackShuffle(true, device);
    await sdk.player.setRepeatMode('context', device);
    await sdk.player.setPlaybackVolume(40, device);
    await sdk.player.addItemToPlaybackQueue(`spotify:track:${catalog.tracks[3] ?? ''}`, device);
    expect((await sdk.player.getUsersQueue()).queue.map((item) => item.id)).toContain(catalog.tracks[3]);
    await sdk.player.pausePlayback(device);
    state = await sdk.player.getPlaybackState();
    expect(state).toMatchObject({ is_playing: false, shuffle_state: true, repeat_state: 'context' });
    expect(state.device.volume_percent).toBe(40);
    expect((await sdk.player.getCurrentlyPlayingTrack()).item.id).toBe(state.item.id);
    expect(Array.isArray((await sdk.player.getRecentlyPlayedTracks()).items)).toBe(true);
  });
});
