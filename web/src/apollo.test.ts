import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createCache, forgetDeviceIn, keepChangesLink, leavesReadsFresh } from './apollo';

/** The fetch options each operation reached the network with. */
function sentOptions(document: ReturnType<typeof gql>): Promise<RequestInit | undefined> {
  let seen: RequestInit | undefined;
  const network = new ApolloLink((operation) => {
    seen = (operation.getContext() as { fetchOptions?: RequestInit }).fetchOptions;
    return new Observable((observer) => {
      observer.next({ data: {} });
      observer.complete();
    });
  });
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  return new Promise((resolve, reject) => {
    ApolloLink.execute(keepChangesLink.concat(network), { query: document }, { client }).subscribe({
      complete: () => {
        resolve(seen);
      },
      error: reject,
    });
  });
}

describe('the link to the api', () => {
  it('sends a change so that it outlives the page (a reload right after a click)', async () => {
    expect(await sentOptions(gql('mutation Unlike { removeFromLibrary(input: {}) { __typename } }'))).toEqual({
      keepalive: true,
    });
  });

  it('leaves reads as they are: the next page asks again', async () => {
    expect(await sentOptions(gql('query Me { me { id } }'))).toBeUndefined();
  });
});

describe('the changes after which a read on its way is kept', () => {
  it("are the player's commands that answer with its state alone, and the device's registration and upkeep", () => {
    for (const name of ['StartPlayback', 'PausePlayback', 'SkipToNext', 'SeekPlayback', 'SetVolume'])
      expect(leavesReadsFresh(name), name).toBe(true);
    for (const name of ['RegisterPlaybackDevice', 'KeepPlaybackDevice'])
      expect(leavesReadsFresh(name), name).toBe(true);
  });

  it('leave out a transfer, an addition to the queue, the library and the playlists', () => {
    for (const name of [
      'TransferPlayback',
      'AddToQueue',
      'UnregisterPlaybackDevice',
      'SaveToLibrary',
      'RemoveFromLibrary',
      'AddPlaylistItems',
      undefined,
    ])
      expect(leavesReadsFresh(name), String(name)).toBe(false);
  });
});

describe("the player's state in the cache", () => {
  // Called, not a template: the client's generated documents are its own operations only.
  const PlayerState = gql('query CachedPlayerState { player { state { isPlaying timestamp } } }');
  const write = (cache: InMemoryCache, state: { isPlaying: boolean; timestamp: number } | null) => {
    cache.writeQuery({
      query: PlayerState,
      data: {
        player: {
          __typename: 'Player',
          state: state && { __typename: 'PlaybackState', ...state },
        },
      },
    });
  };
  const read = (cache: InMemoryCache) =>
    cache.readQuery<{ player: { state: { isPlaying: boolean; timestamp: number } | null } }>({ query: PlayerState })
      ?.player.state ?? null;

  it('keeps the later reading when an older one is answered after it', () => {
    const cache = createCache();
    write(cache, { isPlaying: true, timestamp: 1_000 });
    // The pause's answer, then a read sent before the pause.
    write(cache, { isPlaying: false, timestamp: 2_000 });
    write(cache, { isPlaying: true, timestamp: 1_500 });
    expect(read(cache)).toMatchObject({ isPlaying: false, timestamp: 2_000 });
    write(cache, { isPlaying: true, timestamp: 2_000 });
    expect(read(cache)).toMatchObject({ isPlaying: true, timestamp: 2_000 });
  });

  it('takes nothing playing at any time, and a state after it', () => {
    const cache = createCache();
    write(cache, { isPlaying: true, timestamp: 2_000 });
    write(cache, null);
    expect(read(cache)).toBeNull();
    write(cache, { isPlaying: true, timestamp: 1_000 });
    expect(read(cache)).toMatchObject({ isPlaying: true, timestamp: 1_000 });
  });
});

describe("the listener's devices in the cache", () => {
  const Devices = gql('query CachedDevices { player { devices { id isActive } } }');
  const write = (cache: InMemoryCache, ids: string[]) => {
    cache.writeQuery({
      query: Devices,
      data: {
        player: {
          __typename: 'Player',
          devices: ids.map((id) => ({ __typename: 'Device', id, isActive: false })),
        },
      },
    });
  };
  const read = (cache: InMemoryCache) =>
    cache.readQuery<{ player: { devices: { id: string }[] } }>({ query: Devices })?.player.devices.map(({ id }) => id);

  it('takes each list whole, the last written', () => {
    const cache = createCache();
    write(cache, ['here', 'kitchen']);
    write(cache, ['here']);
    expect(read(cache)).toEqual(['here']);
    write(cache, ['here', 'phone']);
    expect(read(cache)).toEqual(['here', 'phone']);
  });

  it('leaves a forgotten device out of every list written after, in that cache only', () => {
    const cache = createCache();
    const other = createCache();
    write(cache, ['here', 'old']);
    forgetDeviceIn(cache, 'old');
    write(cache, ['here', 'old', 'kitchen']);
    expect(read(cache)).toEqual(['here', 'kitchen']);
    write(other, ['here', 'old']);
    expect(read(other)).toEqual(['here', 'old']);
  });
});
