import { deferred } from '../components/deferred';
import { DeviceIcon } from './DeviceList';

/** The device picker of the player bar: the devices, and moving playback to one of them. */
export const DevicePicker = deferred<object>(
  () => import('./DevicePickerPopover'),
  () => (
    <button type="button" aria-label="Devices" className="rounded-full p-3 text-neutral-300 sm:p-2">
      <DeviceIcon type="Computer" className="size-5" />
    </button>
  ),
);
