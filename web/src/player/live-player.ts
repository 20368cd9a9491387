import { useApolloClient, useSubscription } from '@apollo/client/react';
import { useEffect, useSyncExternalStore } from 'react';
import { liveStatusOf, type LiveConnection } from '../live';
import { PlayerLiveSubscription } from './operations';

/** How long to wait before subscribing again after the api refused the subscription. */
export const resubscribeMs = 30_000;

/** The player's live connection, as the engine needs it. */
export interface LivePlayer {
  /** Pushes arrive: the player needs no poll, and the api keeps this tab's device listed. */
  live: boolean;
  /** The live connection cannot be made or broke: the player polls meanwhile, and the screen says so. */
  paused: boolean;
  /** The devices last pushed (null before the first push), to tell whether this tab's device is listed. */
  devices: readonly { id: string }[] | null;
}

const noSubscription = () => () => undefined;
const idle = (): LiveConnection => 'idle';

/**
 * Subscribes to the listener's player (`Subscription.player`) over the live connection: every push is
 * written to the one Player in the cache, which the player's state query and every device list read.
 * A client without a live connection (a test's) leaves it all to the poll.
 */
export function useLivePlayer(deviceId: string | null): LivePlayer {
  const client = useApolloClient();
  const status = liveStatusOf(client);
  const connection = useSyncExternalStore(status?.subscribe ?? noSubscription, status?.get ?? idle);
  const { data, error, loading, restart } = useSubscription(PlayerLiveSubscription, {
    variables: { deviceId },
    skip: !status,
  });

  // The api refused (a session that ended, an api without subscriptions): poll, and ask again later.
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(restart, resubscribeMs);
    return () => clearTimeout(timer);
  }, [error, restart]);

  if (!status) return { live: false, paused: false, devices: null };
  return {
    live: connection === 'connected' && !loading && !error && data !== undefined,
    paused: connection === 'down' || error !== undefined,
    devices: data?.player.devices ?? null,
  };
}
