import { SpeakerWaveIcon } from '@heroicons/react/24/solid';
import { deferred } from '../components/deferred';
import { usePlayer } from './context';

/** Where playback is, when it is not this tab: the device's name. */
export interface PlayingOnProps {
  deviceName: string;
}

/** The strip's look: Spotify's green, a speaker, and the device's name; on a phone, as tall as a thumb needs. */
export const playingOnLook =
  'flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-accent px-3 py-1 text-sm font-semibold text-black hover:brightness-110 md:min-h-0 md:justify-end';

export function PlayingOnContent({ deviceName }: PlayingOnProps) {
  return (
    <>
      <SpeakerWaveIcon aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">Playing on {deviceName}</span>
    </>
  );
}

/** The strip that opens the device picker, loaded after the first screen like the picker itself. */
const PlayingOnButton = deferred<PlayingOnProps>(
  () => import('./PlayingOnPopover'),
  (props) => (
    <button type="button" className={playingOnLook}>
      <PlayingOnContent {...props} />
    </button>
  ),
);

/**
 * "Playing on Kitchen": shown whenever playback is on another device than this tab (paused or not), so
 * that the listener knows where the sound is; a click opens the device picker.
 */
export function PlayingOn() {
  const { state, browserDeviceId, browserDeviceRegistering } = usePlayer();
  const device = state?.device;
  // Until this tab knows its own id (just after a reload, say), the device elsewhere may be this very tab.
  if (!device || device.id === browserDeviceId || browserDeviceRegistering) return null;
  return (
    <div className="mt-2">
      <PlayingOnButton deviceName={device.name} />
    </div>
  );
}
