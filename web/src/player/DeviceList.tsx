import { useQuery } from '@apollo/client/react';
import { ComputerDesktopIcon, DevicePhoneMobileIcon, SpeakerWaveIcon, TvIcon } from '@heroicons/react/24/outline';
import { CheckIcon } from '@heroicons/react/20/solid';
import { PlayerDevicesQuery } from './operations';
import { usePlayer, type PlaybackState } from './context';

/** The icon of a device kind as the music service names it. */
export function DeviceIcon({ type, className }: { type: string; className: string }) {
  if (/phone|tablet/i.test(type)) return <DevicePhoneMobileIcon aria-hidden="true" className={className} />;
  if (/tv|cast|stb|console/i.test(type)) return <TvIcon aria-hidden="true" className={className} />;
  if (/speaker|avr|dongle|automobile/i.test(type)) return <SpeakerWaveIcon aria-hidden="true" className={className} />;
  return <ComputerDesktopIcon aria-hidden="true" className={className} />;
}

/**
 * Whether playback is on this device. The newest player state says where it is: a list of devices read before a
 * move and answered after it (a poll, a push that was on its way) would otherwise still mark the device playback
 * left, beside a player that plays elsewhere, until the next change. The list's own mark counts only until a state
 * is read.
 */
export function playsOn(device: { id: string; isActive: boolean }, state: PlaybackState | null): boolean {
  return state ? state.device?.id === device.id : device.isActive;
}

/** Devices in the order people look for them: this browser first, then the active one, then the rest as listed. */
export function orderDevices<D extends { id: string; isActive: boolean }>(
  devices: readonly D[],
  browserDeviceId: string | null,
  state: PlaybackState | null,
): D[] {
  const rank = (device: D) => (device.id === browserDeviceId ? 0 : playsOn(device, state) ? 1 : 2);
  return [...devices].sort((a, b) => rank(a) - rank(b));
}

/** The listener's devices, the active one marked; choosing one moves playback there. */
export function DeviceList({ onChosen }: { onChosen?: () => void }) {
  const player = usePlayer();
  const { data, loading, error, refetch } = useQuery(PlayerDevicesQuery, { fetchPolicy: 'cache-and-network' });
  const devices = data?.player.devices ?? [];
  if (loading && !data) return <p className="p-4 text-sm text-neutral-400">Looking for devices…</p>;
  if (error && !data) {
    return (
      <div className="space-y-2 p-4 text-sm">
        <p>The devices could not be listed.</p>
        <button type="button" className="underline" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (devices.length === 0) {
    return (
      <p className="p-4 text-sm text-neutral-300">
        No devices are available. Open Graphonic or your music app on a device to play there.
      </p>
    );
  }
  return (
    // However many devices there are, the list scrolls within the window, this browser at its top.
    <ul className="max-h-[50vh] overflow-y-auto py-2" aria-label="Devices">
      {orderDevices(devices, player.browserDeviceId, player.state).map((device) => {
        const here = device.id === player.browserDeviceId;
        const active = playsOn(device, player.state);
        return (
          <li key={device.id}>
            <button
              type="button"
              aria-current={active ? 'true' : undefined}
              onClick={() => {
                if (!active) void player.transfer(device.id, true);
                onChosen?.();
              }}
              className={`flex w-full items-center gap-3 px-4 py-2 text-left hover:bg-white/10 ${active ? 'text-accent' : ''}`}
            >
              <DeviceIcon type={device.type} className="size-6 shrink-0" />
              <span className="flex-1">
                <span className="block font-medium">{here ? 'This browser' : device.name}</span>
                <span className="block text-xs text-neutral-400">
                  {active ? 'Playing here' : here ? device.name : device.type}
                </span>
              </span>
              {active && <CheckIcon aria-hidden="true" className="size-5" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
