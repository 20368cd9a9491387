import { deferred } from '../components/deferred';
import { DeviceIcon } from './DeviceList';

/** The device picker of the player bar: the devices, and moving playback to one of them. */
export const DevicePicker = deferred<object>(
  () => import('./DevicePickerPopover'),
  () => (
    <button type="button" aria-label="Devices" className="rounded-full p-2 text-neutral-300">
      <DeviceIcon type="Computer" className="size-5" />
    </button>
  ),
);
