import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from '../components/Notifications';
import type { PlaybackState } from './context';

/** How far the audio may drift from the music service's position before it is moved back in step. */
export const driftToleranceMs = 1500;

/** Whether the audio element must jump to the service's position. */
export function needsSeek(audioMs: number, serviceMs: number): boolean {
  return Math.abs(audioMs - serviceMs) > driftToleranceMs;
}

/**
 * Plays the audio in this browser while this browser is the active device: the music service keeps
 * the time, and the audio element follows its item, position, pause, playback speed and volume. When the audio ends,
 * `onEnded` asks the music service what follows.
 */
export function useBrowserAudio(
  state: PlaybackState | null,
  deviceId: string | null,
  positionMs: () => number,
  onEnded: () => void,
): { blocked: boolean; unblock: () => void } {
  const notify = useNotify();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const element = new Audio();
    element.preload = 'auto';
    // In the page, without controls (so not shown): the player bar is its interface.
    element.dataset.player = 'browser';
    document.body.append(element);
    audio.current = element;
    return () => {
      element.pause();
      element.remove();
      element.removeAttribute('src');
      element.load();
      audio.current = null;
    };
  }, []);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    return followPlayback(element, state, deviceId, positionMs, setBlocked);
  }, [state, deviceId, positionMs]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const failed = () => {
      if (element.getAttribute('src')) notify('This item cannot be played right now.', 'error');
    };
    element.addEventListener('error', failed);
    element.addEventListener('ended', onEnded);
    return () => {
      element.removeEventListener('error', failed);
      element.removeEventListener('ended', onEnded);
    };
  }, [notify, onEnded]);

  // A click is what browsers wait for: playing again from one lets the audio start.
  const unblock = useCallback(() => {
    const element = audio.current;
    if (element?.getAttribute('src') && blocked) {
      void element.play().then(
        () => setBlocked(false),
        () => undefined,
      );
    }
  }, [blocked]);

  return { blocked, unblock };
}

/**
 * Brings the audio element in step with the music service's playback, when this browser is the
 * device; otherwise pauses it. Returns what stops a seek that waits for the audio's metadata.
 */
function followPlayback(
  element: HTMLAudioElement,
  state: PlaybackState | null,
  deviceId: string | null,
  positionMs: () => number,
  setBlocked: (blocked: boolean) => void,
): (() => void) | undefined {
  const here = deviceId !== null && state?.device?.id === deviceId;
  const url = here ? state.item?.streamUrl : null;
  if (!here || !url) {
    element.pause();
    return;
  }
  if (element.src !== url) {
    element.src = url;
  }
  // After the source: a new source starts at the default rate. An episode plays at the listener's speed, its pitch kept.
  const speed = state.playbackSpeed > 0 ? state.playbackSpeed : 1;
  element.defaultPlaybackRate = speed;
  if (element.playbackRate !== speed) element.playbackRate = speed;
  element.preservesPitch = true;
  const volume = state.device?.volumePercent;
  if (typeof volume === 'number') element.volume = Math.min(1, Math.max(0, volume / 100));
  const target = positionMs();
  // The audio reached its end before the music service moved on: wait for the next item, do not start over.
  if (element.ended && element.src === url && target >= (state.item?.durationMs ?? 0) - driftToleranceMs) return;
  const seekTo = () => {
    if (needsSeek(element.currentTime * 1000, positionMs())) element.currentTime = positionMs() / 1000;
  };
  if (element.readyState >= HTMLMediaElement.HAVE_METADATA) seekTo();
  else element.addEventListener('loadedmetadata', seekTo, { once: true });
  if (state.isPlaying) {
    element.play().then(
      () => setBlocked(false),
      (error: unknown) => {
        // Browsers refuse to start audio before the person has interacted with the page.
        if (error instanceof DOMException && error.name === 'NotAllowedError') setBlocked(true);
      },
    );
  } else {
    element.pause();
    if (needsSeek(element.currentTime * 1000, target)) element.currentTime = target / 1000;
  }
  return () => element.removeEventListener('loadedmetadata', seekTo);
}
