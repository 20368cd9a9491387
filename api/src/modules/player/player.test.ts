import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeGraphql, type GraphqlResult, type Listener } from '../../__fixtures__/graphql';
import type { Context } from '../../context';
import { playerResolvers } from './resolvers';

const calls = (result: GraphqlResult) => result.upstream.map((call) => `${call.method} ${call.path}`);
const codes = (result: GraphqlResult) => result.errors.map((error) => error.extensions?.code);

interface State {
  isPlaying: boolean;
  progressMs: number | null;
  shuffle: boolean;
  repeat: string;
  device: { id: string; volumePercent: number | null } | null;
  context: { type: string; uri: string; album: { id: string } | null } | null;
  item: { __typename: string; id: string; streamUrl: string | null } | null;
}

const stateQuery = `{ player { state {
  isPlaying progressMs timestamp shuffle repeat
  device { id volumePercent }
  context { type uri album { id } }
  item { __typename ... on Track { id streamUrl } ... on Episode { id streamUrl } }
} } }`;

async function register(listener: Listener, name: string): Promise<string> {
  const result = await listener.query(
    `mutation($input: RegisterPlaybackDeviceInput!) { registerPlaybackDevice(input: $input) { device { id name type isActive registeredByClient } } }`,
    { input: { name, type: 'Computer' } },
  );
  expect(result.errors).toEqual([]);
  const payload = result.data?.registerPlaybackDevice as { device: { id: string; name: string; isActive: boolean } };
  expect(payload.device).toMatchObject({ name, isActive: false, registeredByClient: true });
  return payload.device.id;
}

async function state(listener: Listener): Promise<{ result: GraphqlResult; state: State | null }> {
  const result = await listener.query(stateQuery);
  expect(result.errors).toEqual([]);
  return { result, state: (result.data as { player: { state: State | null } }).player.state };
}

describeGraphql('the player', (fixture) => {
  let album: { id: string; tracks: string[] };

  beforeAll(async () => {
    const { rows } = await fixture.db.query<{ album_id: string }>(
      'SELECT album_id FROM tracks GROUP BY album_id HAVING count(*) >= 4 ORDER BY album_id LIMIT 1',
    );
    const albumId = rows[0]?.album_id ?? '';
    const tracks = await fixture.db.query<{ id: string }>(
      'SELECT id FROM tracks WHERE album_id = $1 ORDER BY disc_number, track_number',
      [albumId],
    );
    album = { id: albumId, tracks: tracks.rows.map((row) => row.id) };
  });

  it('needs a signed-in listener', async () => {
    const response = await fetch(`${fixture.apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ player { devices { id } } }' }),
    });
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors.map((error) => error.extensions.code)).toEqual(['UNAUTHENTICATED']);
  });

  it('answers no state when nothing plays, and NO_ACTIVE_DEVICE for a command without a device', async () => {
    const listener = await fixture.listener();
    const idle = await state(listener);
    expect(idle.state).toBeNull();
    expect(calls(idle.result)).toEqual(['GET /v1/me/player']);
    const play = await listener.query(
      `mutation($input: StartPlaybackInput!) { startPlayback(input: $input) { player { state { isPlaying } } } }`,
      { input: { contextUri: `spotify:album:${album.id}` } },
    );
    expect(codes(play)).toEqual(['NO_ACTIVE_DEVICE']);
    expect(calls(play)).toEqual(['PUT /v1/me/player/play']);
  });

  it('answers PREMIUM_REQUIRED to a free account', async () => {
    const listener = await fixture.listener({ product: 'free' });
    const result = await listener.query('mutation { pausePlayback(input: {}) { player { devices { id } } } }');
    expect(codes(result)).toEqual(['PREMIUM_REQUIRED']);
  });

  it('refuses bad input before calling the music service', async () => {
    const listener = await fixture.listener();
    for (const [mutation, input] of [
      ['setVolume(input: $input)', { volumePercent: 101 }],
      ['seekPlayback(input: $input)', { positionMs: -1 }],
      ['addToQueue(input: $input)', { uri: `spotify:album:${album.id}` }],
    ] as const) {
      const type = mutation.startsWith('setVolume')
        ? 'SetVolumeInput'
        : mutation.startsWith('seek')
          ? 'SeekPlaybackInput'
          : 'AddToQueueInput';
      const result = await listener.query(`mutation($input: ${type}!) { ${mutation} { player { devices { id } } } }`, {
        input,
      });
      expect(codes(result)).toEqual(['BAD_USER_INPUT']);
      expect(result.upstream).toEqual([]);
    }
    const both = await listener.query(
      'mutation($input: StartPlaybackInput!) { startPlayback(input: $input) { player { devices { id } } } }',
      { input: { contextUri: `spotify:album:${album.id}`, uris: [`spotify:track:${album.tracks[0] ?? ''}`] } },
    );
    expect(codes(both)).toEqual(['BAD_USER_INPUT']);
  });

  it('plays an album on a registered device, and every command shows in the state', async () => {
    const listener = await fixture.listener();
    const speaker = await register(listener, 'Kitchen');
    const play = await listener.query(
      `mutation($input: StartPlaybackInput!) { startPlayback(input: $input) { player { state { isPlaying } } } }`,
      { input: { contextUri: `spotify:album:${album.id}`, deviceId: speaker } },
    );
    expect(play.errors).toEqual([]);
    expect(play.data).toEqual({ startPlayback: { player: { state: { isPlaying: true } } } });
    expect(calls(play)).toEqual(['PUT /v1/me/player/play', 'GET /v1/me/player']);

    const playing = await state(listener);
    expect(playing.state).toMatchObject({
      isPlaying: true,
      shuffle: false,
      repeat: 'OFF',
      device: { id: speaker, volumePercent: 100 },
      context: { type: 'ALBUM', uri: `spotify:album:${album.id}`, album: { id: album.id } },
      item: {
        __typename: 'Track',
        id: album.tracks[0],
        streamUrl: `${fixture.musicUrl}/audio/${album.tracks[0] ?? ''}/full.mp3`,
      },
    });
    // The state, then the context's album once (in full, or one by one in development mode the first time).
    expect(calls(playing.result)[0]).toBe('GET /v1/me/player');
    expect(calls(playing.result).filter((call) => call.startsWith('GET /v1/albums'))).toHaveLength(
      fixture.profile === 'full' ? 1 : calls(playing.result).length - 1,
    );

    const step = async (mutation: string, type: string, input: Record<string, unknown>) => {
      const result = await listener.query(
        `mutation($input: ${type}!) { ${mutation}(input: $input) { player { __typename } } }`,
        {
          input,
        },
      );
      expect(result.errors).toEqual([]);
      expect(result.upstream).toHaveLength(1);
    };
    await step('skipToNext', 'SkipToNextInput', { deviceId: speaker });
    expect((await state(listener)).state?.item?.id).toBe(album.tracks[1]);
    await step('skipToPrevious', 'SkipToPreviousInput', {});
    expect((await state(listener)).state?.item?.id).toBe(album.tracks[0]);
    await step('seekPlayback', 'SeekPlaybackInput', { positionMs: 20_000 });
    expect((await state(listener)).state?.progressMs).toBeGreaterThanOrEqual(20_000);
    await step('setShuffle', 'SetShuffleInput', { shuffle: true });
    await step('setRepeatMode', 'SetRepeatModeInput', { mode: 'CONTEXT' });
    await step('setVolume', 'SetVolumeInput', { volumePercent: 40 });
    expect((await state(listener)).state).toMatchObject({
      shuffle: true,
      repeat: 'CONTEXT',
      device: { volumePercent: 40 },
    });

    await step('addToQueue', 'AddToQueueInput', { uri: `spotify:track:${album.tracks[3] ?? ''}` });
    const queue = await listener.query(
      '{ player { queue { currentlyPlaying { ... on Track { id } } items { __typename ... on Track { id } } } } }',
    );
    expect(queue.errors).toEqual([]);
    expect(calls(queue)).toEqual(['GET /v1/me/player/queue']);
    const queued = (queue.data as { player: { queue: { items: { id: string }[] } } }).player.queue.items;
    expect(queued[0]?.id).toBe(album.tracks[3]);

    const phone = await register(listener, 'Phone');
    await step('transferPlayback', 'TransferPlaybackInput', { deviceId: phone, play: true });
    const devices = await listener.query('{ player { devices { id name isActive } } }');
    expect(calls(devices)).toEqual(['GET /v1/me/player/devices']);
    expect((devices.data as { player: { devices: { id: string; isActive: boolean }[] } }).player.devices).toEqual([
      { id: speaker, name: 'Kitchen', isActive: false },
      { id: phone, name: 'Phone', isActive: true },
    ]);

    await step('pausePlayback', 'PausePlaybackInput', {});
    expect((await state(listener)).state).toMatchObject({ isPlaying: false, device: { id: phone } });
    const removed = await listener.query(
      'mutation($input: UnregisterPlaybackDeviceInput!) { unregisterPlaybackDevice(input: $input) { player { state { isPlaying } } } }',
      { input: { deviceId: phone } },
    );
    expect(removed.errors).toEqual([]);
    expect(removed.data).toEqual({ unregisterPlaybackDevice: { player: { state: null } } });
  });

  it('says which items the listener queued, and takes one of them, or all, out of the queue', async () => {
    const listener = await fixture.listener();
    const desk = await register(listener, 'Desk');
    const play = await listener.query(
      `mutation($input: StartPlaybackInput!) { startPlayback(input: $input) { player { __typename } } }`,
      { input: { contextUri: `spotify:album:${album.id}`, deviceId: desk } },
    );
    expect(play.errors).toEqual([]);
    const uri = `spotify:track:${album.tracks[2] ?? ''}`;
    for (let copy = 0; copy < 2; copy += 1) {
      const added = await listener.query(
        'mutation($input: AddToQueueInput!) { addToQueue(input: $input) { player { __typename } } }',
        { input: { uri } },
      );
      expect(added.errors).toEqual([]);
    }
    const queue = async () => {
      const result = await listener.query('{ player { queue { addedByListener items { ... on Track { id } } } } }');
      expect(result.errors).toEqual([]);
      return (result.data as { player: { queue: { addedByListener: number | null; items: { id: string }[] } } }).player
        .queue;
    };
    const before = await queue();
    expect(before.addedByListener).toBe(2);
    expect(before.items.slice(0, 2).map((item) => item.id)).toEqual([album.tracks[2], album.tracks[2]]);

    const remove = (position: number) =>
      listener.query(
        'mutation($input: RemoveFromQueueInput!) { removeFromQueue(input: $input) { player { __typename } } }',
        { input: { position, uri } },
      );
    const removed = await remove(1);
    expect(removed.errors).toEqual([]);
    expect(removed.upstream.map((call) => call.method)).toEqual(['DELETE']);
    expect((await queue()).addedByListener).toBe(1);
    // The place no longer holds it: refused, nothing removed.
    expect(codes(await remove(1))).toEqual(['BAD_USER_INPUT']);
    // Refused before the music service is asked.
    const negative = await remove(-1);
    expect(codes(negative)).toEqual(['BAD_USER_INPUT']);
    expect(negative.upstream).toEqual([]);
    expect((await queue()).addedByListener).toBe(1);

    const cleared = await listener.query('mutation { clearQueue { player { __typename } } }');
    expect(cleared.errors).toEqual([]);
    expect(calls(cleared)).toEqual(['DELETE /v1/me/player/queue']);
    const after = await queue();
    expect(after.addedByListener).toBe(0);
    // The album plays on: its next track follows.
    expect(after.items[0]?.id).toBe(album.tracks[1]);
  });

  it('plays tracks and episodes from a list, from an offset', async () => {
    const listener = await fixture.listener();
    const device = await register(listener, 'Browser');
    const { rows } = await fixture.db.query<{ id: string }>('SELECT id FROM episodes ORDER BY id LIMIT 1');
    const episode = rows[0]?.id ?? '';
    const play = await listener.query(
      'mutation($input: StartPlaybackInput!) { startPlayback(input: $input) { player { __typename } } }',
      {
        input: {
          deviceId: device,
          uris: [`spotify:track:${album.tracks[0] ?? ''}`, `spotify:episode:${episode}`],
          offsetUri: `spotify:episode:${episode}`,
          positionMs: 5_000,
        },
      },
    );
    expect(play.errors).toEqual([]);
    const now = await state(listener);
    expect(now.state).toMatchObject({
      context: null,
      item: { __typename: 'Episode', id: episode, streamUrl: `${fixture.musicUrl}/audio/episode/${episode}/full.mp3` },
    });
    expect(now.state?.progressMs).toBeGreaterThanOrEqual(5_000);
  });

  it('sets the playback speed of an episode, which the state then says; refuses other speeds and tracks', async () => {
    const listener = await fixture.listener();
    const device = await register(listener, 'Podcasts');
    const { rows } = await fixture.db.query<{ id: string }>('SELECT id FROM episodes ORDER BY id LIMIT 1');
    const episode = `spotify:episode:${rows[0]?.id ?? ''}`;
    const start = (uri: string) =>
      listener.query(
        'mutation($input: StartPlaybackInput!) { startPlayback(input: $input) { player { __typename } } }',
        {
          input: { deviceId: device, uris: [uri], positionMs: 0 },
        },
      );
    const setSpeed = (speed: number) =>
      listener.query(
        'mutation($input: SetPlaybackSpeedInput!) { setPlaybackSpeed(input: $input) { player { state { playbackSpeed } } } }',
        { input: { speed } },
      );
    const speedNow = async () => {
      const result = await listener.query('{ player { state { playbackSpeed } } }');
      expect(result.errors).toEqual([]);
      return (result.data as { player: { state: { playbackSpeed: number } } }).player.state.playbackSpeed;
    };
    expect((await start(episode)).errors).toEqual([]);
    expect(await speedNow()).toBe(1);

    const set = await setSpeed(1.5);
    expect(set.errors).toEqual([]);
    expect(set.data).toEqual({ setPlaybackSpeed: { player: { state: { playbackSpeed: 1.5 } } } });
    expect(calls(set)).toEqual(['PUT /v1/me/player/speed', 'GET /v1/me/player']);

    for (const speed of [1.3, 0, -1, 10]) {
      const refused = await setSpeed(speed);
      expect(codes(refused)).toEqual(['BAD_USER_INPUT']);
      expect(refused.upstream).toEqual([]);
    }
    expect(await speedNow()).toBe(1.5);

    // A track plays at 1, and its speed cannot be set.
    expect((await start(`spotify:track:${album.tracks[0] ?? ''}`)).errors).toEqual([]);
    expect(await speedNow()).toBe(1);
    const onTrack = await setSpeed(2);
    expect(codes(onTrack)).toEqual(['FORBIDDEN']);
    expect(onTrack.errors[0]?.message).toMatch(/episodes only/);
  });
});

describe('the playback speed on a music service without one', () => {
  it('refuses with FEATURE_UNAVAILABLE, before asking the music service', () => {
    const asked: string[] = [];
    const context = {
      config: { provider: 'spotify' },
      music: new Proxy({}, { get: (_target, name) => asked.push(String(name)) }),
    } as unknown as Context;
    const setSpeed = playerResolvers.Mutation?.setPlaybackSpeed;
    if (typeof setSpeed !== 'function') throw new Error('No setPlaybackSpeed mutation.');
    let code: unknown = 'no error';
    try {
      void setSpeed({}, { input: { speed: 1.5 } }, context, {} as GraphQLResolveInfo);
    } catch (error) {
      code = error instanceof GraphQLError ? error.extensions.code : error;
    }
    expect(code).toBe('FEATURE_UNAVAILABLE');
    expect(asked).toEqual([]);
  });
});

describe('the queue on a music service whose queue only grows', () => {
  it('refuses to take items out with FEATURE_UNAVAILABLE, before asking the music service', () => {
    const asked: string[] = [];
    const context = {
      config: { provider: 'spotify' },
      music: new Proxy({}, { get: (_target, name) => asked.push(String(name)) }),
    } as unknown as Context;
    const info = {} as GraphQLResolveInfo;
    const mutations = playerResolvers.Mutation;
    const remove = mutations?.removeFromQueue;
    const clear = mutations?.clearQueue;
    if (typeof remove !== 'function' || typeof clear !== 'function') throw new Error('No queue mutations.');
    const code = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof GraphQLError ? error.extensions.code : error;
      }
      return 'no error';
    };
    expect(
      code(() => remove({}, { input: { position: 0, uri: 'spotify:track:4iV5W9uYEdYUVa79Axb7Rh' } }, context, info)),
    ).toBe('FEATURE_UNAVAILABLE');
    expect(code(() => clear({}, {}, context, info))).toBe('FEATURE_UNAVAILABLE');
    expect(asked).toEqual([]);
  });
});
