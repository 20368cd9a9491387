import { describe, expect, it } from 'vitest';
import { componentSchema, validate } from '../v1/contract/shapes';
import * as objects from './objects';
import { offsetPage } from './paging';
import { stripDeprecated } from './profile';

const urls: objects.Urls = { api: 'http://127.0.0.1:4100/v1', site: 'http://127.0.0.1:4100' };
const artistRef = { id: '0OdUWJ0sBjDrqHygGUXeCF', name: 'Band of Horses' };
const album: objects.AlbumRecord = {
  id: '4aawyAB9vmqN3uQ7FjRGTy',
  name: 'Global Warming',
  albumType: 'album',
  totalTracks: 1,
  releaseDate: '2012-11-16',
  releaseDatePrecision: 'day',
  label: 'Mr.305/Polo Grounds Music/RCA Records',
  popularity: 57,
  upc: '886443671584',
  copyrights: [{ text: '(P) 2012 RCA Records', type: 'P' }],
  genres: [],
  artists: [artistRef],
};
const track: objects.TrackRecord = {
  id: '11dFghVXANMlKmJXsNCbNl',
  name: 'Cut To The Feeling',
  durationMs: 207959,
  explicit: false,
  discNumber: 1,
  trackNumber: 1,
  popularity: 63,
  isrc: 'USUM71703861',
  artists: [artistRef],
  album,
};
const show: objects.ShowRecord = {
  id: '38bS44xjbVVZ3No3ByF1dJ',
  name: 'Vetenskapsradion Historia',
  publisher: 'Sveriges Radio',
  description: 'Vi är där historien är.',
  htmlDescription: '<p>Vi är där historien är.</p>',
  explicit: false,
  languages: ['sv'],
  mediaType: 'audio',
  totalEpisodes: 500,
  copyrights: [],
};
const episode: objects.EpisodeRecord = {
  id: '512ojhOuo1ktJprKbVcKyQ',
  name: 'Tredje rikets knarkande granskas',
  description: 'Hur mycket knarkade Hitler?',
  htmlDescription: '<p>Hur mycket knarkade Hitler?</p>',
  durationMs: 1686230,
  explicit: false,
  language: 'sv',
  releaseDate: '2015-10-01',
  releaseDatePrecision: 'day',
  show,
  resumePoint: { fullyPlayed: false, resumePositionMs: 0 },
};
const playlist: objects.PlaylistRecord = {
  id: '3cEYpjA9oz9GiPac4AsH4n',
  name: 'Spotify Web API Testing playlist',
  description: 'A playlist for testing pourposes',
  public: true,
  collaborative: false,
  snapshotId: 'MTAsMzU2NjI1NDg2',
  owner: { id: 'demo', displayName: 'Demo' },
  totalItems: 1,
  followers: 0,
};
const user: objects.UserRecord = {
  id: 'demo',
  accountId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  displayName: 'Demo',
  email: 'demo@graphonic.invalid',
  country: 'SE',
  product: 'premium',
  followers: 3,
  explicitFilterEnabled: false,
  explicitFilterLocked: false,
};
const allScopes = new Set(['user-read-private', 'user-read-email']);
const page = <T>(items: T[]) => offsetPage(`${urls.api}/x`, {}, items, { limit: 20, offset: 0 }, items.length);

const cases: [string, unknown][] = [
  ['ArtistObject', objects.artist(urls, { ...artistRef, genres: ['indie folk'], popularity: 59, followers: 10 })],
  ['SimplifiedAlbumObject', objects.simplifiedAlbum(urls, album)],
  ['AlbumObject', objects.album(urls, album, page([objects.simplifiedTrack(urls, track)]))],
  ['TrackObject', objects.track(urls, track)],
  ['SimplifiedTrackObject', objects.simplifiedTrack(urls, track)],
  [
    'AudioFeaturesObject',
    objects.audioFeatures(urls, {
      trackId: track.id,
      durationMs: track.durationMs,
      acousticness: 0.00242,
      danceability: 0.585,
      energy: 0.842,
      instrumentalness: 0.00686,
      key: 9,
      liveness: 0.0866,
      loudness: -5.883,
      mode: 0,
      speechiness: 0.0556,
      tempo: 118.211,
      timeSignature: 4,
      valence: 0.428,
    }),
  ],
  ['PrivateUserObject', objects.privateUser(urls, user, allScopes)],
  ['PublicUserObject', objects.publicUser(urls, user)],
  ['SimplifiedPlaylistObject', objects.simplifiedPlaylist(urls, playlist)],
  ['PlaylistObject', objects.playlist(urls, playlist, page([]))],
  ['SimplifiedShowObject', objects.simplifiedShow(urls, show)],
  ['ShowObject', objects.show(urls, show, page([objects.simplifiedEpisode(urls, episode)]))],
  ['SimplifiedEpisodeObject', objects.simplifiedEpisode(urls, episode)],
  ['EpisodeObject', objects.episode(urls, episode)],
  ['CategoryObject', objects.category(urls, { id: 'hiphop', name: 'Hip-Hop' })],
];

describe('music v1 objects', () => {
  it.each(cases)('build a complete %s', (name, value) => {
    expect(validate(value, componentSchema(name))).toEqual([]);
  });

  it.each(cases)('build a %s that fits development mode once the removed fields go', (name, value) => {
    const schema = componentSchema(name);
    expect(validate(stripDeprecated(value, schema), schema, { profile: 'development' })).toEqual([]);
  });

  it('link objects to their API resources and pages', () => {
    const built = objects.track(urls, track);
    expect(built.href).toBe('http://127.0.0.1:4100/v1/tracks/11dFghVXANMlKmJXsNCbNl');
    expect(built.uri).toBe('spotify:track:11dFghVXANMlKmJXsNCbNl');
    expect(built.preview_url).toBe('http://127.0.0.1:4100/audio/11dFghVXANMlKmJXsNCbNl/preview.mp3');
    expect(built.album.images.map((image) => image.width)).toEqual([640, 300, 64]);
  });

  it('show private profile fields only with their scopes', () => {
    const bare = objects.privateUser(urls, user, new Set());
    expect(bare).not.toHaveProperty('email');
    expect(bare).not.toHaveProperty('country');
    expect(objects.privateUser(urls, user, new Set(['user-read-email']))).toHaveProperty(
      'email',
      'demo@graphonic.invalid',
    );
  });
});
