import { ApolloLink } from '@apollo/client';
import { getOperationAST, type DocumentNode } from 'graphql';
import { Observable, type Subscription } from 'rxjs';
import {
  AddToQueueMutation,
  PausePlaybackMutation,
  SeekPlaybackMutation,
  SetPlaybackSpeedMutation,
  SetRepeatModeMutation,
  SetShuffleMutation,
  SetVolumeMutation,
  SkipToNextMutation,
  SkipToPreviousMutation,
  StartPlaybackMutation,
  TransferPlaybackMutation,
} from './operations';

/**
 * The player's commands that answer with its state, and change nothing else a screen reads: the cache keeps the
 * newest reading of that state by its timestamp, whichever answer comes last.
 */
const stateCommands: readonly DocumentNode[] = [
  StartPlaybackMutation,
  PausePlaybackMutation,
  SkipToNextMutation,
  SkipToPreviousMutation,
  SeekPlaybackMutation,
  SetShuffleMutation,
  SetRepeatModeMutation,
  SetVolumeMutation,
  SetPlaybackSpeedMutation,
];

/**
 * The player's commands: each acts on the playback the one before it left. A seek to the start and then
 * Previous goes back an item; the other way round, Previous starts the item over and the seek does nothing new.
 * A transfer changes the device list too, and an addition the queue.
 */
const commands: readonly DocumentNode[] = [...stateCommands, TransferPlaybackMutation, AddToQueueMutation];

/** The names of the operations `documents` define. */
export const operationNames = (documents: readonly DocumentNode[]): ReadonlySet<string> =>
  new Set(documents.flatMap((document) => getOperationAST(document)?.name?.value ?? []));

export const playerCommandNames = operationNames(commands);
export const playerStateCommandNames = operationNames(stateCommands);

/**
 * How long a command waits for the one before it to be answered before it goes anyway: long enough for a busy
 * api, short enough that one request that hangs does not hold every button after it for long.
 */
export const commandOrderLimitMs = 5000;

/**
 * Sends this tab's player commands one after another, in the order the listener made them: each goes once the
 * one before it is answered, or after `limitMs`. What a command shows at once is not held: Apollo Client shows a
 * command's optimistic answer before any link sees it. Other operations pass straight through.
 */
export function commandOrderLink(
  isCommand: (operationName: string | undefined) => boolean = (name) =>
    name !== undefined && playerCommandNames.has(name),
  limitMs = commandOrderLimitMs,
): ApolloLink {
  // Settles when the last command made so far is answered, fails, or is given up.
  let last: Promise<void> = Promise.resolve();
  return new ApolloLink((operation, forward) => {
    if (!isCommand(operation.operationName)) return forward(operation);
    let settle = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const before = last;
    last = settled;
    return new Observable((observer) => {
      let sent: Subscription | undefined;
      let stopped = false;
      const send = () => {
        clearTimeout(limit);
        if (stopped || sent) return;
        sent = forward(operation).subscribe({
          next: (value) => {
            observer.next(value);
          },
          error: (error: unknown) => {
            settle();
            observer.error(error);
          },
          complete: () => {
            settle();
            observer.complete();
          },
        });
      };
      const limit = setTimeout(send, limitMs);
      void before.then(send);
      return () => {
        stopped = true;
        clearTimeout(limit);
        sent?.unsubscribe();
        settle();
      };
    });
  });
}
