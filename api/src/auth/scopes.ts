/**
 * The reviewed list of scopes the api asks for, each with the screen that needs it. Asking for
 * more than the app uses would widen what a stolen session can do.
 */
export const reviewedScopes = {
  'user-read-private': 'the profile: country (for markets) and account type (premium player controls)',
  'user-read-email': 'the profile page shows the account e-mail',
  'playlist-read-private': 'the library lists private playlists',
  'playlist-read-collaborative': 'the library lists collaborative playlists',
  'playlist-modify-public': 'creating and editing public playlists',
  'playlist-modify-private': 'creating and editing private playlists',
  'user-library-read': 'liked songs, saved albums, shows and episodes, and the like buttons',
  'user-library-modify': 'liking and saving',
  'user-follow-read': 'followed artists and the follow buttons',
  'user-follow-modify': 'following and unfollowing',
  'user-top-read': 'home: your top artists and tracks',
  'user-read-recently-played': 'home: recently played',
  'user-read-playback-state': 'the player bar and the device picker',
  'user-read-currently-playing': 'the player bar and the queue',
  'user-modify-playback-state': 'the player controls, the queue and device transfer',
  'user-read-playback-position': 'resume points of podcast episodes',
} as const;

export type Scope = keyof typeof reviewedScopes;

export const requestedScopes = Object.keys(reviewedScopes) as Scope[];
