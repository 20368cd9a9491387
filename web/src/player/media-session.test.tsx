import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMediaSession } from './media-session';
import { fakePlayer, playbackState, track } from '../testing/fixtures';
import type { PlaybackState, Player } from './context';

/** What a browser's Media Session keeps: the handlers, the metadata and the state the page gave it. */
class FakeSession {
  handlers = new Map<string, MediaSessionActionHandler | null>();
  metadata: { title: string; artist: string; album: string; artwork: { src: string }[] } | null = null;
  playbackState = 'none';
  position: MediaPositionState | undefined;
  setActionHandler(action: string, handler: MediaSessionActionHandler | null) {
    this.handlers.set(action, handler);
  }
  setPositionState(state: MediaPositionState) {
    this.position = state;
  }
}

class FakeMetadata {
  constructor(readonly init: { title: string; artist: string; album: string; artwork: { src: string }[] }) {
    Object.assign(this, init);
  }
}

const state = playbackState({
  progressMs: 50_000,
  item: track({
    album: {
      __typename: 'Album',
      id: 'a1',
      name: 'Morning Album',
      images: [
        { __typename: 'Image', url: 'https://images.example/64', width: 64 },
        { __typename: 'Image', url: 'https://images.example/640', width: 640 },
      ],
    },
    artists: [
      { __typename: 'Artist', id: 'ar1', name: 'The Early Birds' },
      { __typename: 'Artist', id: 'ar2', name: 'Dawn' },
    ],
  }),
});

const playerOf = (current: PlaybackState | null): Player =>
  fakePlayer({ state: current, live: false, positionMs: () => 50_000 });

function Session({ player }: { player: Player }) {
  useMediaSession(player);
  return null;
}

let session: FakeSession;

beforeEach(() => {
  session = new FakeSession();
  vi.stubGlobal('MediaMetadata', FakeMetadata);
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaSession');
});

const handler = (action: string) => {
  const found = session.handlers.get(action);
  if (!found) throw new Error(`No handler for ${action}.`);
  return found;
};

describe('the Media Session', () => {
  it('tells the system what plays, where, with its artwork', () => {
    render(<Session player={playerOf(state)} />);
    expect(session.metadata).toMatchObject({
      title: 'First Light',
      artist: 'The Early Birds, Dawn',
      album: 'Morning Album',
    });
    expect(session.metadata?.artwork.map((image) => image.src)).toContain('https://images.example/640');
    expect(session.playbackState).toBe('playing');
    expect(session.position).toEqual({ duration: 200, position: 50, playbackRate: 1 });
  });

  it('hands play, pause, next, previous and seeking to the player', () => {
    const player = playerOf(state);
    render(<Session player={player} />);
    const details = (init: Partial<MediaSessionActionDetails>): MediaSessionActionDetails => ({
      action: 'seekto',
      ...init,
    });
    handler('play')(details({ action: 'play' }));
    handler('pause')(details({ action: 'pause' }));
    handler('nexttrack')(details({ action: 'nexttrack' }));
    handler('previoustrack')(details({ action: 'previoustrack' }));
    handler('seekto')(details({ seekTime: 120 }));
    handler('seekforward')(details({ action: 'seekforward' }));
    handler('seekbackward')(details({ action: 'seekbackward', seekOffset: 5 }));
    expect(player.play).toHaveBeenCalledOnce();
    expect(player.pause).toHaveBeenCalledOnce();
    expect(player.next).toHaveBeenCalledOnce();
    expect(player.previous).toHaveBeenCalledOnce();
    expect(vi.mocked(player.seek).mock.calls).toEqual([[120_000], [60_000], [45_000]]);
  });

  it('says nothing plays, and lets the handlers go when the player leaves', () => {
    const { unmount } = render(<Session player={playerOf(null)} />);
    expect(session.metadata).toBeNull();
    expect(session.playbackState).toBe('none');
    expect(session.handlers.get('play')).toBeTypeOf('function');
    unmount();
    expect([...session.handlers.values()].every((value) => value === null)).toBe(true);
  });
});
