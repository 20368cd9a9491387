import type { PlaybackState } from './context';

/**
 * What plays, as the tab's title names it while it plays: "Song • Artist, Other Artist" for a track,
 * "Episode • Show" for an episode. Null while nothing plays or playback is paused: the tab then names
 * the screen.
 */
export function nowPlayingLabel(state: Pick<PlaybackState, 'isPlaying' | 'item'> | null | undefined): string | null {
  const item = state?.item;
  if (!state?.isPlaying || !item) return null;
  const by = item.__typename === 'Track' ? item.artists.map((artist) => artist.name).join(', ') : item.show.name;
  return by ? `${item.name} • ${by}` : item.name;
}
