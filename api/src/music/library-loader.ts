import DataLoader from 'dataloader';
import type { MusicClient } from './client';
import { upstreamOf } from './upstream';

/**
 * Whether URIs are in the signed-in listener's library (a saved track, album, show or episode, a
 * followed artist, playlist or user), through `GET /me/library/contains`, the one endpoint both
 * Spotify's full and development-mode apps answer. The URIs asked for in one tick are
 * de-duplicated and sent in calls of at most 40, and the answers come back in key order.
 *
 * The answers belong to one listener: the loader lives for one request and is never shared.
 *
 * A field that fetches a list whose items' library state the operation shows (an artist's top
 * tracks, each with `saved`) may hold the loader's questions until the list arrives
 * (`holdLibrary`), so that the questions asked meanwhile (whether the listener follows the
 * artist) go in the same calls as the items' ones. It costs no time when the list has items: their
 * questions wait for it anyway.
 */

/** The most URIs `/me/library/contains` (and `PUT`/`DELETE /me/library`) take in one call. */
export const libraryUrisPerCall = 40;

export type LibraryLoader = DataLoader<string, boolean>;

/** Splits `items` into runs of at most `size`, in order. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The pending lists each loader waits for before it asks. */
const holds = new WeakMap<LibraryLoader, Set<Promise<unknown>>>();

/** DataLoader's own schedule: after the promise jobs of the current tick, then on the next tick. */
function afterThisTick(run: () => void): void {
  void Promise.resolve().then(() => {
    process.nextTick(run);
  });
}

export function createLibraryLoader(client: MusicClient): LibraryLoader {
  const music = upstreamOf(client);
  const pending = new Set<Promise<unknown>>();
  const loader = new DataLoader<string, boolean>(
    async (keys) => {
      const uris = [...new Set(keys)];
      const answers = new Map<string, boolean | Error>();
      await Promise.all(
        chunked(uris, libraryUrisPerCall).map(async (batch) => {
          try {
            const found: unknown = await music.get('/me/library/contains', { query: { uris: batch.join(',') } });
            const list: unknown[] = Array.isArray(found) ? found : [];
            batch.forEach((uri, index) => answers.set(uri, list[index] === true));
          } catch (error) {
            // A failed call fails the URIs it carried, not those of the other calls.
            const failure = error instanceof Error ? error : new Error(String(error));
            for (const uri of batch) answers.set(uri, failure);
          }
        }),
      );
      return keys.map((key) => answers.get(key) ?? false);
    },
    {
      maxBatchSize: 1000,
      batchScheduleFn: (dispatch) => {
        // Waits for the held lists (and those held meanwhile), then lets their items join the batch.
        const whenSettled = (): void => {
          if (pending.size === 0) {
            afterThisTick(dispatch);
            return;
          }
          void Promise.allSettled([...pending]).then(() => {
            afterThisTick(whenSettled);
          });
        };
        afterThisTick(whenSettled);
      },
    },
  );
  holds.set(loader, pending);
  return loader;
}

/**
 * Holds `loader`'s questions until `list` settles: for a list whose items' library state will be
 * asked, so that questions asked meanwhile share their calls. Answers `list`.
 */
export function holdLibrary<T>(loader: LibraryLoader, list: Promise<T>): Promise<T> {
  const pending = holds.get(loader);
  if (pending) {
    const held: Promise<unknown> = list.then(
      () => undefined,
      () => undefined,
    );
    pending.add(held);
    void held.then(() => pending.delete(held));
  }
  return list;
}

/** Records that `uris` are now in (or out of) the library, so that no contains call is needed. */
export function primeLibrary(loader: LibraryLoader, uris: readonly string[], inLibrary: boolean): void {
  for (const uri of uris) loader.clear(uri).prime(uri, inLibrary);
}
