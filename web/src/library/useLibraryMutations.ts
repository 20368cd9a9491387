import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useViewer } from '../app/viewer';
import { prefetchLater } from '../components/deferred';
import { useNotify } from '../components/Notifications';
import { friendlyMessage } from '../lib/errors';

// The saving itself is fetched once the first screen is in, not with every screen that shows a heart.
const loadMutations = () => import('./library-mutations');
prefetchLater(loadMutations);

/** Saves to or removes from the listener's library, at once on screen, rolled back with a message on failure. */
export function useSaveToLibrary(): (uri: string, save: boolean) => Promise<void> {
  const { me } = useViewer();
  const notify = useNotify();
  const client = useApolloClient();
  return useCallback(
    async (uri: string, save: boolean) => {
      try {
        const { saveToLibrary } = await loadMutations();
        await saveToLibrary(client, me.id, uri, save);
        notify(save ? 'Saved to your library' : 'Removed from your library');
      } catch (error) {
        notify(friendlyMessage(error, save ? 'save that' : 'remove that'), 'error');
      }
    },
    [client, me.id, notify],
  );
}
