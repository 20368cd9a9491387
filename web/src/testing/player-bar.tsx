import type { ReactNode } from 'react';
import { ViewerProvider, type Viewer } from '../app/viewer';
import { NotificationsProvider } from '../components/Notifications';
import { PlayerBar } from '../player/PlayerBar';
import { PlayerProvider } from '../player/PlayerProvider';

/**
 * The player bar as the shell holds it, for `viewer`: inside what the player needs (the viewer, and the
 * notifications its failures are told in), with `children` beside it under the same player.
 */
export function PlayerBarFor({ viewer, children }: { viewer: Viewer; children?: ReactNode }) {
  return (
    <ViewerProvider viewer={viewer}>
      <NotificationsProvider>
        <PlayerProvider>
          <PlayerBar />
          {children}
        </PlayerProvider>
      </NotificationsProvider>
    </ViewerProvider>
  );
}
