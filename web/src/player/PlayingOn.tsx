import { SpeakerWaveIcon } from '@heroicons/react/24/solid';
import { deferred } from '../components/deferred';
import { usePlayer } from './context';

/** Where playback is, when it is not this tab: the device's name. */
export interface PlayingOnProps {
  deviceName: string;
}

/** The strip's look: Spotify's green, a speaker, and the device's name. */
export const playingOnLook =
  'flex w-full items-center justify-center gap-2 rounded-md bg-accent px-3 py-1 text-sm font-semibold text-black hover:brightness-110 md:justify-end';

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
  const { state, browserDeviceId } = usePlayer();
  const device = state?.device;
  if (!device || device.id === browserDeviceId) return null;
  return (
    <div className="mt-2">
      <PlayingOnButton deviceName={device.name} />
    </div>
  );
}
