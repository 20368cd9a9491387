import type { HelmetOptions } from 'helmet';
import type { Config } from './config';

/** Where Spotify serves cover art and portraits, and its 30-second previews. */
const spotifyImages = ['https://i.scdn.co', 'https://mosaic.scdn.co', 'https://*.spotifycdn.com'];
const spotifyAudio = ['https://p.scdn.co'];

/**
 * The content security policy of the web client: helmet's strict defaults, with images and audio
 * allowed from the music service (its own origin, or Spotify's content hosts) and nowhere else.
 */
export function contentSecurityPolicy(config: Config): HelmetOptions['contentSecurityPolicy'] {
  const musicOrigin = new URL(config.musicAccountsUrl).origin;
  const local = config.provider === 'local';
  return {
    directives: {
      // Cover art and portraits come from the music service, not from this origin.
      'img-src': ["'self'", 'data:', ...(local ? [musicOrigin] : spotifyImages)],
      // The browser plays the music service's audio itself (a device of the listener's).
      'media-src': ["'self'", ...(local ? [musicOrigin] : spotifyAudio)],
    },
  };
}
