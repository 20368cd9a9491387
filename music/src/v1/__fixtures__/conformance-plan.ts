import { sampleJpeg } from './images';

/** Ids of the seeded catalog and of the listener, found through the API before the walk. */
export interface Ids {
  track: string;
  /** The tracks of one album, in order: what plays. */
  tracks: string[];
  album: string;
  artist: string;
  show: string;
  episode: string;
  /** An editorial playlist, and its owner. */
  playlist: string;
  owner: string;
  category: string;
  genre: string;
  /** The listener, their own playlist and their registered device. */
  me: string;
  own: string;
  device: string;
}

export interface Request {
  path: string;
  body?: unknown;
  contentType?: string;
  /** The answer when it is not the documented success (audiobooks: the catalog has none). */
  status?: number;
}

/** An audiobook id as Spotify's document gives one: the catalog has no audiobooks or chapters. */
export const audiobook = '7iHfbu1YPACw6oZPAFJtqe';

const track = (id: string) => `spotify:track:${id}`;

/**
 * How to call each operation of the document with valid input, in the order they run: the player's
 * commands follow the transfer to the listener's device and the start of playback, and what
 * saves comes before what reads it back.
 */
export const plan: Readonly<Record<string, (ids: Ids) => Request>> = {
  'GET /albums/{id}': (ids) => ({ path: `/albums/${ids.album}` }),
  'GET /albums': (ids) => ({ path: `/albums?ids=${ids.album}` }),
  'GET /albums/{id}/tracks': (ids) => ({ path: `/albums/${ids.album}/tracks?limit=2` }),
  'GET /artists/{id}': (ids) => ({ path: `/artists/${ids.artist}` }),
  'GET /artists': (ids) => ({ path: `/artists?ids=${ids.artist}` }),
  'GET /artists/{id}/albums': (ids) => ({ path: `/artists/${ids.artist}/albums?include_groups=album,single` }),
  'GET /artists/{id}/top-tracks': (ids) => ({ path: `/artists/${ids.artist}/top-tracks?market=SE` }),
  'GET /artists/{id}/related-artists': (ids) => ({ path: `/artists/${ids.artist}/related-artists` }),
  'GET /shows/{id}': (ids) => ({ path: `/shows/${ids.show}` }),
  'GET /shows': (ids) => ({ path: `/shows?ids=${ids.show}` }),
  'GET /shows/{id}/episodes': (ids) => ({ path: `/shows/${ids.show}/episodes` }),
  'GET /episodes/{id}': (ids) => ({ path: `/episodes/${ids.episode}` }),
  'GET /episodes': (ids) => ({ path: `/episodes?ids=${ids.episode}` }),
  // Audiobooks and chapters: answered as in a market without them.
  'GET /audiobooks/{id}': () => ({ path: `/audiobooks/${audiobook}`, status: 404 }),
  'GET /audiobooks': () => ({ path: `/audiobooks?ids=${audiobook}` }),
  'GET /audiobooks/{id}/chapters': () => ({ path: `/audiobooks/${audiobook}/chapters`, status: 404 }),
  'GET /me/audiobooks': () => ({ path: '/me/audiobooks' }),
  'PUT /me/audiobooks': () => ({ path: `/me/audiobooks?ids=${audiobook}`, status: 400 }),
  'DELETE /me/audiobooks': () => ({ path: `/me/audiobooks?ids=${audiobook}` }),
  'GET /me/audiobooks/contains': () => ({ path: `/me/audiobooks/contains?ids=${audiobook}` }),
  'GET /chapters/{id}': () => ({ path: `/chapters/${audiobook}`, status: 404 }),
  'GET /chapters': () => ({ path: `/chapters?ids=${audiobook}` }),
  'GET /tracks/{id}': (ids) => ({ path: `/tracks/${ids.track}` }),
  'GET /tracks': (ids) => ({ path: `/tracks?ids=${ids.tracks.join(',')}` }),
  'GET /search': () => ({ path: '/search?q=a&type=album,artist,playlist,track,show,episode,audiobook' }),
  'GET /me': () => ({ path: '/me' }),
  'GET /playlists/{playlist_id}': (ids) => ({ path: `/playlists/${ids.playlist}` }),
  'PUT /playlists/{playlist_id}': (ids) => ({ path: `/playlists/${ids.own}`, body: { name: 'Renamed' } }),
  'POST /playlists/{playlist_id}/tracks': (ids) => ({
    path: `/playlists/${ids.own}/tracks`,
    body: { uris: [track(ids.track)] },
  }),
  'GET /playlists/{playlist_id}/tracks': (ids) => ({ path: `/playlists/${ids.own}/tracks` }),
  'PUT /playlists/{playlist_id}/tracks': (ids) => ({
    path: `/playlists/${ids.own}/tracks`,
    body: { uris: ids.tracks.map(track) },
  }),
  'DELETE /playlists/{playlist_id}/tracks': (ids) => ({
    path: `/playlists/${ids.own}/tracks`,
    body: { tracks: [{ uri: track(ids.track) }] },
  }),
  'POST /playlists/{playlist_id}/items': (ids) => ({
    path: `/playlists/${ids.own}/items`,
    body: { uris: [track(ids.track)] },
  }),
  'GET /playlists/{playlist_id}/items': (ids) => ({ path: `/playlists/${ids.own}/items` }),
  'PUT /playlists/{playlist_id}/items': (ids) => ({
    path: `/playlists/${ids.own}/items`,
    body: { uris: ids.tracks.map(track) },
  }),
  'DELETE /playlists/{playlist_id}/items': (ids) => ({
    path: `/playlists/${ids.own}/items`,
    body: { items: [{ uri: track(ids.track) }] },
  }),
  'GET /me/playlists': () => ({ path: '/me/playlists' }),
  'POST /me/playlists': () => ({ path: '/me/playlists', body: { name: 'Another' } }),
  'PUT /me/library': (ids) => ({ path: `/me/library?uris=${track(ids.track)}` }),
  'GET /me/library/contains': (ids) => ({ path: `/me/library/contains?uris=${track(ids.track)}` }),
  'DELETE /me/library': (ids) => ({ path: `/me/library?uris=${track(ids.track)}` }),
  'PUT /me/albums': (ids) => ({ path: `/me/albums?ids=${ids.album}` }),
  'GET /me/albums': () => ({ path: '/me/albums' }),
  'GET /me/albums/contains': (ids) => ({ path: `/me/albums/contains?ids=${ids.album}` }),
  'DELETE /me/albums': (ids) => ({ path: `/me/albums?ids=${ids.album}` }),
  'PUT /me/tracks': (ids) => ({ path: `/me/tracks?ids=${ids.track}` }),
  'GET /me/tracks': () => ({ path: '/me/tracks' }),
  'GET /me/tracks/contains': (ids) => ({ path: `/me/tracks/contains?ids=${ids.track}` }),
  'DELETE /me/tracks': (ids) => ({ path: `/me/tracks?ids=${ids.track}` }),
  'PUT /me/episodes': (ids) => ({ path: `/me/episodes?ids=${ids.episode}` }),
  'GET /me/episodes': () => ({ path: '/me/episodes' }),
  'GET /me/episodes/contains': (ids) => ({ path: `/me/episodes/contains?ids=${ids.episode}` }),
  'DELETE /me/episodes': (ids) => ({ path: `/me/episodes?ids=${ids.episode}` }),
  'PUT /me/shows': (ids) => ({ path: `/me/shows?ids=${ids.show}` }),
  'GET /me/shows': () => ({ path: '/me/shows' }),
  'GET /me/shows/contains': (ids) => ({ path: `/me/shows/contains?ids=${ids.show}` }),
  'DELETE /me/shows': (ids) => ({ path: `/me/shows?ids=${ids.show}` }),
  'GET /users/{user_id}': (ids) => ({ path: `/users/${ids.owner}` }),
  'GET /users/{user_id}/playlists': (ids) => ({ path: `/users/${ids.owner}/playlists` }),
  'POST /users/{user_id}/playlists': (ids) => ({ path: `/users/${ids.me}/playlists`, body: { name: 'Older way' } }),
  'PUT /playlists/{playlist_id}/followers': (ids) => ({ path: `/playlists/${ids.playlist}/followers` }),
  'GET /playlists/{playlist_id}/followers/contains': (ids) => ({
    path: `/playlists/${ids.playlist}/followers/contains?ids=${ids.me}`,
  }),
  'DELETE /playlists/{playlist_id}/followers': (ids) => ({ path: `/playlists/${ids.playlist}/followers` }),
  'GET /browse/featured-playlists': () => ({ path: '/browse/featured-playlists' }),
  'GET /browse/categories': () => ({ path: '/browse/categories' }),
  'GET /browse/categories/{category_id}': (ids) => ({ path: `/browse/categories/${ids.category}` }),
  'GET /browse/categories/{category_id}/playlists': (ids) => ({ path: `/browse/categories/${ids.category}/playlists` }),
  'GET /playlists/{playlist_id}/images': (ids) => ({ path: `/playlists/${ids.playlist}/images` }),
  'PUT /playlists/{playlist_id}/images': (ids) => ({
    path: `/playlists/${ids.own}/images`,
    body: sampleJpeg,
    contentType: 'image/jpeg',
  }),
  'GET /browse/new-releases': () => ({ path: '/browse/new-releases' }),
  'PUT /me/following': (ids) => ({ path: `/me/following?type=artist&ids=${ids.artist}` }),
  'GET /me/following': () => ({ path: '/me/following?type=artist&limit=50' }),
  'GET /me/following/contains': (ids) => ({ path: `/me/following/contains?type=artist&ids=${ids.artist}` }),
  'DELETE /me/following': (ids) => ({ path: `/me/following?type=artist&ids=${ids.artist}` }),
  'GET /audio-features': (ids) => ({ path: `/audio-features?ids=${ids.track}` }),
  'GET /audio-features/{id}': (ids) => ({ path: `/audio-features/${ids.track}` }),
  'GET /audio-analysis/{id}': (ids) => ({ path: `/audio-analysis/${ids.track}` }),
  'GET /recommendations/available-genre-seeds': () => ({ path: '/recommendations/available-genre-seeds' }),
  'GET /recommendations': (ids) => ({ path: `/recommendations?seed_genres=${ids.genre}&seed_tracks=${ids.track}` }),
  'GET /markets': () => ({ path: '/markets' }),
  'GET /me/player/devices': () => ({ path: '/me/player/devices' }),
  'PUT /me/player': (ids) => ({ path: '/me/player', body: { device_ids: [ids.device] } }),
  'PUT /me/player/play': (ids) => ({ path: '/me/player/play', body: { uris: ids.tracks.map(track) } }),
  'GET /me/player': () => ({ path: '/me/player' }),
  'GET /me/player/currently-playing': () => ({ path: '/me/player/currently-playing' }),
  'POST /me/player/next': () => ({ path: '/me/player/next' }),
  'POST /me/player/previous': () => ({ path: '/me/player/previous' }),
  'PUT /me/player/seek': () => ({ path: '/me/player/seek?position_ms=1000' }),
  'PUT /me/player/repeat': () => ({ path: '/me/player/repeat?state=context' }),
  'PUT /me/player/volume': () => ({ path: '/me/player/volume?volume_percent=50' }),
  'PUT /me/player/shuffle': () => ({ path: '/me/player/shuffle?state=false' }),
  'POST /me/player/queue': (ids) => ({ path: `/me/player/queue?uri=${track(ids.track)}` }),
  'GET /me/player/queue': () => ({ path: '/me/player/queue' }),
  'PUT /me/player/pause': () => ({ path: '/me/player/pause' }),
  'GET /me/player/recently-played': () => ({ path: '/me/player/recently-played' }),
  'GET /me/top/artists': () => ({ path: '/me/top/artists' }),
  'GET /me/top/tracks': () => ({ path: '/me/top/tracks?time_range=short_term' }),
};

/**
 * Operations whose scopes widen the answer rather than open the endpoint, so a token without them
 * is answered too: a profile without e-mail and country, episodes without resume points, a
 * public playlist's items, one's own and someone's public playlists.
 */
export const optionalScopes = new Set([
  'GET /me',
  'GET /me/playlists',
  'GET /playlists/{playlist_id}/items',
  'GET /playlists/{playlist_id}/tracks',
  'GET /shows/{id}',
  'GET /shows',
  'GET /shows/{id}/episodes',
  'GET /episodes/{id}',
  'GET /episodes',
  'GET /users/{user_id}/playlists',
]);

/**
 * What an operation answers for an id it does not know, where that is not 404: Spotify answers an
 * empty page of playlists for a user it does not know (spotify/web-api#1077), and refuses to create a
 * playlist for anyone but the caller.
 */
export const unknownIdAnswers: Readonly<Record<string, number>> = {
  'GET /users/{user_id}/playlists': 200,
  'POST /users/{user_id}/playlists': 403,
};
