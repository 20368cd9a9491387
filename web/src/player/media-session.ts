import { useEffect } from 'react';
import { pickImage } from '../components/Cover';
import type { Player } from './context';

/** Media keys, headsets and the lock screen control the player through the Media Session API. */
export function useMediaSession(player: Player): void {
  const { state } = player;
  const item = state?.item;

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    if (!item) {
      session.metadata = null;
      session.playbackState = 'none';
      return;
    }
    const images = item.__typename === 'Track' ? item.album.images : item.images;
    const artwork = [96, 256, 512]
      .map((size) => pickImage(images, size / 2))
      .filter((url): url is string => url !== undefined)
      .map((src) => ({ src }));
    session.metadata = new MediaMetadata({
      title: item.name,
      artist:
        item.__typename === 'Track'
          ? item.artists.map((artist) => artist.name).join(', ')
          : (item.show.publisher ?? ''),
      album: item.__typename === 'Track' ? item.album.name : item.show.name,
      artwork,
    });
  }, [item]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.playbackState = state?.item ? (state.isPlaying ? 'playing' : 'paused') : 'none';
    if (state?.item && 'setPositionState' in session) {
      try {
        session.setPositionState({
          duration: state.item.durationMs / 1000,
          position: Math.min(state.item.durationMs, player.positionMs()) / 1000,
          playbackRate: 1,
        });
      } catch {
        // A position past the duration (a moment before the next item arrives) is refused; the next state fixes it.
      }
    }
  }, [state, player]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void player.play()],
      ['pause', () => void player.pause()],
      ['nexttrack', () => void player.next()],
      ['previoustrack', () => void player.previous()],
      ['seekto', (details) => void player.seek((details.seekTime ?? 0) * 1000)],
      ['seekbackward', (details) => void player.seek(player.positionMs() - (details.seekOffset ?? 10) * 1000)],
      ['seekforward', (details) => void player.seek(player.positionMs() + (details.seekOffset ?? 10) * 1000)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // Browsers that do not know an action refuse its handler.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [player]);
}
