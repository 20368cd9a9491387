/** OpenID Connect's scopes: who you are, to the application that signs you in. */
export const openIdScopes: Readonly<Record<string, string>> = {
  openid: 'Sign you in with your Graphonic account',
  profile: 'See your name and username',
  email: 'See your e-mail address',
};

/** Spotify's scopes and OpenID Connect's, with the words the consent page uses for each. */
export const knownScopes: Readonly<Record<string, string>> = {
  ...openIdScopes,
  'user-read-private': 'See your country and account type',
  'user-read-email': 'See your e-mail address',
  'playlist-read-private': 'See your private playlists',
  'playlist-read-collaborative': 'See playlists you collaborate on',
  'playlist-modify-public': 'Create and change your public playlists',
  'playlist-modify-private': 'Create and change your private playlists',
  'user-library-read': 'See your liked songs, albums, shows and episodes',
  'user-library-modify': 'Add to and remove from your library',
  'user-follow-read': 'See whom you follow',
  'user-follow-modify': 'Follow and unfollow for you',
  'user-top-read': 'See your top artists and tracks',
  'user-read-recently-played': 'See what you played recently',
  'user-read-playback-state': 'See what plays and on which device',
  'user-read-currently-playing': 'See what plays now',
  'user-modify-playback-state': 'Control playback on your devices',
  'user-read-playback-position': 'See where you are in episodes',
  'ugc-image-upload': 'Upload playlist covers',
  streaming: 'Play music in this app',
  'app-remote-control': 'Control playback from this app',
};

export function isKnownScope(scope: string): boolean {
  return Object.hasOwn(knownScopes, scope);
}

export type ParsedScopes = { ok: true; scopes: string[] } | { ok: false; unknown: string[] };

/** A `scope` parameter: space-separated, duplicates dropped, every one known. */
export function parseScopes(value: string | null | undefined): ParsedScopes {
  const scopes = [...new Set((value ?? '').split(' ').filter(Boolean))];
  const unknown = scopes.filter((scope) => !isKnownScope(scope));
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, scopes };
}
