import type { ApolloCache } from '@apollo/client';

/** One change: how it shows at once, and how the music service is told about it. */
export interface QueuedEdit {
  /** Changes the cache; run at once on an optimistic layer, then on the cache itself once the change is made. */
  apply: (cache: ApolloCache) => void;
  /** Makes the change at the music service. */
  send: () => Promise<unknown>;
  /** Tells the listener that it failed; `undone` edits queued after it were rolled back with it. */
  fail: (error: unknown, undone: number) => void;
}

export interface EditQueue {
  /** Shows the edit at once and sends it after the ones before it; resolves whether it was made. */
  submit: (edit: QueuedEdit) => Promise<boolean>;
  /** Whether an edit shown on screen has not reached the music service yet (sent or still queued). */
  saving: () => boolean;
  /** Calls `listener` whenever `saving` may have changed; answers how to stop. */
  subscribe: (listener: () => void) => () => void;
}

let layers = 0;

/**
 * Edits of one list that depend on each other's positions ("move the third item up") must reach
 * the music service in the order they were made, each against the list the one before left. Each
 * edit shows at once on its own optimistic layer of the cache, and is sent when the one before it
 * is done; when it is made, it moves from its layer into the cache itself in one step. When one
 * fails, it and every edit queued after it are rolled back (they were made on a list that the
 * failure changed), and the failed edit's `fail` is told once.
 */
export function createEditQueue(cache: ApolloCache): EditQueue {
  let tail: Promise<unknown> = Promise.resolve();
  // Edits queued before a failure belong to an older generation and are dropped.
  let generation = 0;
  let waiting = 0;
  // Edits submitted and not yet settled, made or rolled back.
  let unsettled = 0;
  const listeners = new Set<() => void>();
  const settle = (change: number) => {
    unsettled += change;
    for (const listener of listeners) listener();
  };

  return {
    saving: () => unsettled > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    submit(edit) {
      layers += 1;
      const layer = `queued-edit-${String(layers)}`;
      cache.recordOptimisticTransaction((layerCache) => edit.apply(layerCache), layer);
      const mine = generation;
      waiting += 1;
      settle(1);
      const attempt = tail.then(async () => {
        waiting -= 1;
        if (mine !== generation) {
          cache.removeOptimistic(layer);
          return false;
        }
        try {
          await edit.send();
        } catch (error) {
          generation += 1;
          cache.removeOptimistic(layer);
          edit.fail(error, waiting);
          return false;
        }
        // The change leaves its layer and enters the cache in one step: no screen sees it twice or not at all.
        cache.batch({ update: (rootCache) => edit.apply(rootCache), optimistic: false, removeOptimistic: layer });
        return true;
      });
      const run = attempt.finally(() => {
        settle(-1);
      });
      tail = run;
      return run;
    },
  };
}
