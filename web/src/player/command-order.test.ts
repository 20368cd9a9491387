import { ApolloClient, ApolloLink, gql, InMemoryCache, type DocumentNode } from '@apollo/client';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandOrderLimitMs, commandOrderLink, playerCommandNames } from './command-order';
import {
  PausePlaybackMutation,
  SeekPlaybackMutation,
  SkipToPreviousMutation,
  StartPlaybackMutation,
} from './operations';

/** A network whose answers the test gives, one operation name at a time; it records what reached it, in order. */
function heldNetwork() {
  const sent: string[] = [];
  const answers = new Map<string, (ok: boolean) => void>();
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName ?? '';
        sent.push(name);
        answers.set(name, (ok) => {
          if (!ok) {
            observer.error(new Error('refused'));
            return;
          }
          observer.next({ data: {} });
          observer.complete();
        });
      }),
  );
  return {
    sent,
    link,
    answer(name: string, ok = true) {
      const give = answers.get(name);
      if (!give) throw new Error(`${name} has not reached the network`);
      give(ok);
    },
  };
}

/** Sends `documents` through the command order link in turn, as quick clicks would; each settles as answered. */
function send(network: ReturnType<typeof heldNetwork>, ...documents: DocumentNode[]) {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  const link = commandOrderLink().concat(network.link);
  return documents.map(
    (query) =>
      new Promise<'answered' | 'failed'>((resolve) => {
        ApolloLink.execute(link, { query, variables: { input: {} } }, { client }).subscribe({
          complete: () => {
            resolve('answered');
          },
          error: () => {
            resolve('failed');
          },
        });
      }),
  );
}

/** Lets every promise that can settle now settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe("the player's commands", () => {
  it('are every playback command, and not the registration of a device', () => {
    expect(playerCommandNames).toContain('SeekPlayback');
    expect(playerCommandNames).toContain('SkipToPrevious');
    expect(playerCommandNames).toContain('SetVolume');
    expect(playerCommandNames).not.toContain('RegisterPlaybackDevice');
  });

  it('reach the api in the order they were made: Previous waits until the seek before it is answered', async () => {
    const network = heldNetwork();
    const [seek, previous] = send(network, SeekPlaybackMutation, SkipToPreviousMutation);
    await settle();
    expect(network.sent).toEqual(['SeekPlayback']);

    network.answer('SeekPlayback');
    expect(await seek).toBe('answered');
    await settle();
    expect(network.sent).toEqual(['SeekPlayback', 'SkipToPrevious']);
    network.answer('SkipToPrevious');
    expect(await previous).toBe('answered');
  });

  it('go on after a refused one', async () => {
    const network = heldNetwork();
    const [start, pause] = send(network, StartPlaybackMutation, PausePlaybackMutation);
    await settle();
    network.answer('StartPlayback', false);
    expect(await start).toBe('failed');
    await settle();
    expect(network.sent).toEqual(['StartPlayback', 'PausePlayback']);
    network.answer('PausePlayback');
    expect(await pause).toBe('answered');
  });

  it('wait for an answer that does not come only so long, and never hold other operations', async () => {
    vi.useFakeTimers();
    const network = heldNetwork();
    const [, previous] = send(network, SeekPlaybackMutation, SkipToPreviousMutation);
    const [read] = send(network, gql('query Me { me { id } }'));
    await vi.advanceTimersByTimeAsync(0);
    expect(network.sent.toSorted()).toEqual(['Me', 'SeekPlayback']);
    network.answer('Me');
    expect(await read).toBe('answered');

    await vi.advanceTimersByTimeAsync(commandOrderLimitMs - 1);
    expect(network.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.sent.slice(2)).toEqual(['SkipToPrevious']);
    network.answer('SkipToPrevious');
    expect(await previous).toBe('answered');
  });

  it('show what they will do at once, while the one before is still on its way', async () => {
    const network = heldNetwork();
    const cache = new InMemoryCache();
    const client = new ApolloClient({ link: commandOrderLink().concat(network.link), cache });
    const shown: string[] = [];
    const mutate = (mutation: DocumentNode, field: string, typename: string) =>
      client.mutate({
        mutation,
        variables: { input: {} },
        optimisticResponse: { __typename: 'Mutation', [field]: { __typename: typename, player: null } },
        update: (_cache, result) => {
          shown.push(...Object.keys(result.data ?? {}));
        },
      });
    void mutate(SeekPlaybackMutation, 'seekPlayback', 'SeekPlaybackPayload');
    void mutate(SkipToPreviousMutation, 'skipToPrevious', 'SkipToPreviousPayload');
    expect(shown).toEqual(['seekPlayback', 'skipToPrevious']);
    await settle();
    expect(network.sent).toEqual(['SeekPlayback']);
  });
});
