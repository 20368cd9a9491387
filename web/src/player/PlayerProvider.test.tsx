import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Observable, type Observer } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { device, playbackState, viewer } from '../testing/fixtures';
import { PlayerBarFor } from '../testing/player-bar';
import type { PlaybackState } from './context';
import { PlayerStateQuery } from './operations';

const readAt = 1_700_000_000_000;

/** The kitchen speaker's track, playing unless told, as the music service read it at `timestamp`. */
const stateOf = (timestamp: number, isPlaying = true): PlaybackState =>
  playbackState({ isPlaying, timestamp, device: device() });

const reading = (state: PlaybackState) => ({ player: { __typename: 'Player' as const, state } });

/** A command's answer: its payload with the player as the music service read it after the command. */
const answerOf = (field: string, typename: string, state: PlaybackState) => ({
  [field]: { __typename: typename, ...reading(state) },
});

/** A network that answers each operation when the test says, in the order the test says. */
function answeredByHand() {
  const waiting: { name: string; observer: Observer<ApolloLink.Result> }[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        waiting.push({ name: operation.operationName ?? '', observer });
      }),
  );
  return {
    link,
    waitingFor: () => waiting.map(({ name }) => name),
    answer(name: string, data: Record<string, unknown>) {
      const index = waiting.findIndex((request) => request.name === name);
      const [request] = index < 0 ? [] : waiting.splice(index, 1);
      if (!request) throw new Error(`No ${name} is waiting for its answer.`);
      request.observer.next({ data });
      request.observer.complete();
    },
  };
}

/** The player bar of a Premium listener whose music app plays the kitchen track, read at `readAt`. */
async function renderPlaying() {
  const network = answeredByHand();
  const client = new ApolloClient({ link: network.link, cache: createCache() });
  render(
    <ApolloProvider client={client}>
      <PlayerBarFor viewer={viewer({ product: 'PREMIUM', provider: 'SPOTIFY' })} />
    </ApolloProvider>,
  );
  await waitFor(() => expect(network.waitingFor()).toEqual(['PlayerState']));
  act(() => network.answer('PlayerState', reading(stateOf(readAt))));
  // The desktop bar (the phone's compact bar is in the page too, hidden by style alone).
  const controls = within((await screen.findByRole('button', { name: 'Shuffle' })).parentElement ?? document.body);
  await controls.findByRole('button', { name: 'Pause' });
  return { client, network, controls };
}

/** The listener pauses while the player's state is read again: both are on their way, neither answered. */
async function pausedWhileReading() {
  const playing = await renderPlaying();
  const { client, network, controls } = playing;
  // The way to the api is open again: every query on screen asks again, the player's state among them.
  void client.refetchQueries({ include: 'active' });
  await waitFor(() => expect(network.waitingFor()).toEqual(['PlayerState']));
  fireEvent.click(controls.getByRole('button', { name: 'Pause' }));
  // Shown at once, while the read is on its way.
  await controls.findByRole('button', { name: 'Play' });
  await waitFor(() => expect(network.waitingFor()).toEqual(['PlayerState', 'PausePlayback']));
  return playing;
}

/** Lets what was answered reach the screen. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe("the player's state", () => {
  it('keeps a pause when the state read just before it is answered after the pause, and after the push that told of it', async () => {
    const { client, network, controls } = await pausedWhileReading();
    act(() =>
      network.answer(
        'PausePlayback',
        answerOf('pausePlayback', 'PausePlaybackPayload', stateOf(readAt + 2_000, false)),
      ),
    );
    // The live connection tells of the pause (a push writes the same cache object as a read).
    act(() => {
      client.cache.writeQuery({
        query: PlayerStateQuery,
        data: { __typename: 'Query', ...reading(stateOf(readAt + 2_500, false)) },
      });
    });
    // The read reached the music service before the pause: still playing.
    act(() => network.answer('PlayerState', reading(stateOf(readAt + 1_000))));
    await settle();
    controls.getByRole('button', { name: 'Play' });

    // A later reading is shown: playback was resumed elsewhere.
    act(() => {
      client.cache.writeQuery({
        query: PlayerStateQuery,
        data: { __typename: 'Query', ...reading(stateOf(readAt + 3_000)) },
      });
    });
    await controls.findByRole('button', { name: 'Pause' });
  });

  it("keeps a pause when the state read just before it is answered between the pause and the pause's result", async () => {
    const { network, controls } = await pausedWhileReading();
    act(() => network.answer('PlayerState', reading(stateOf(readAt + 1_000))));
    await settle();
    controls.getByRole('button', { name: 'Play' });
    act(() =>
      network.answer(
        'PausePlayback',
        answerOf('pausePlayback', 'PausePlaybackPayload', stateOf(readAt + 2_000, false)),
      ),
    );
    await settle();
    controls.getByRole('button', { name: 'Play' });
  });

  it("keeps a second command's change when the first one's answer comes before the second one's", async () => {
    const { network, controls } = await renderPlaying();
    fireEvent.click(controls.getByRole('button', { name: 'Shuffle' }));
    await waitFor(() =>
      expect(controls.getByRole('button', { name: 'Shuffle' }).getAttribute('aria-pressed')).toBe('true'),
    );
    fireEvent.click(controls.getByRole('button', { name: 'Repeat: off' }));
    await controls.findByRole('button', { name: 'Repeat: all' });
    await waitFor(() => expect(network.waitingFor()).toEqual(['SetShuffle', 'SetRepeatMode']));

    // The shuffle's answer, read before the music service had the repeat.
    act(() =>
      network.answer(
        'SetShuffle',
        answerOf('setShuffle', 'SetShufflePayload', { ...stateOf(readAt + 1_000), shuffle: true, repeat: 'OFF' }),
      ),
    );
    await settle();
    // The repeat still shows, so that a next click would go on from it.
    controls.getByRole('button', { name: 'Repeat: all' });
    expect(controls.getByRole('button', { name: 'Shuffle' }).getAttribute('aria-pressed')).toBe('true');

    act(() =>
      network.answer(
        'SetRepeatMode',
        answerOf('setRepeatMode', 'SetRepeatModePayload', {
          ...stateOf(readAt + 2_000),
          shuffle: true,
          repeat: 'CONTEXT',
        }),
      ),
    );
    await settle();
    controls.getByRole('button', { name: 'Repeat: all' });
  });
});
