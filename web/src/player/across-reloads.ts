import { useApolloClient } from '@apollo/client/react';
import { useEffect, useEffectEvent } from 'react';
import { resumeKey } from './browser-device';
import { PausePlaybackMutation, StartPlaybackMutation } from './operations';
import type { PlaybackState } from './context';

/**
 * A tab that plays the audio stops making sound when it goes away, so the music service is told:
 * playback on this tab's device pauses as the page is left (a request sent to outlive the page).
 * When the same tab comes back (a reload), it plays on from there by itself; a closed tab stays
 * paused, instead of "playing" to no one.
 */
export function usePlaybackAcrossReloads(state: PlaybackState | null, deviceId: string | null, userId: string): void {
  const client = useApolloClient();

  const leave = useEffectEvent(() => {
    if (!deviceId || !state?.isPlaying || state.device?.id !== deviceId) return;
    sessionStorage.setItem(resumeKey(userId), deviceId);
    void client
      .mutate({
        mutation: PausePlaybackMutation,
        variables: { input: { deviceId } },
        context: { fetchOptions: { keepalive: true } },
      })
      .catch(() => undefined);
  });

  useEffect(() => {
    const onPageHide = () => leave();
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  useEffect(() => {
    if (!deviceId) return;
    const wasPlayingHere = sessionStorage.getItem(resumeKey(userId));
    if (wasPlayingHere === null) return;
    sessionStorage.removeItem(resumeKey(userId));
    // Only the same device plays on: a new one (the old was forgotten) starts as the listener chooses.
    if (wasPlayingHere !== deviceId) return;
    void client.mutate({ mutation: StartPlaybackMutation, variables: { input: { deviceId } } }).catch(() => undefined);
  }, [client, deviceId, userId]);
}
