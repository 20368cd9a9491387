import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Link } from 'wouter';
import { DeviceIcon, DeviceList } from './DeviceList';
import { usePlayer } from './context';

/** What a device picker shows: the devices to choose from, and the way to the devices page. */
export function DevicePanel({ close }: { close: () => void }) {
  return (
    <div>
      <h2 className="px-4 pt-3 text-sm font-bold">Connect to a device</h2>
      <DeviceList onChosen={close} />
      <Link
        to="/devices"
        onClick={close}
        className="block border-t border-white/10 px-4 py-3 text-sm font-semibold text-neutral-200 hover:bg-white/10"
      >
        All devices
      </Link>
    </div>
  );
}

/** The panel's frame, above what opens it. */
export const devicePanelFrame = 'z-50 w-72 rounded-lg bg-neutral-800 shadow-xl ring-1 ring-white/10';

/** The device picker of the player bar, loaded after the first screen (see DevicePicker). */
export default function DevicePickerPopover() {
  const { state } = usePlayer();
  const active = state?.device;
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={active ? `Devices: playing on ${active.name}` : 'Devices'}
        title="Connect to a device"
        className={`rounded-full p-3 hover:bg-white/10 sm:p-2 ${active ? 'text-accent' : 'text-neutral-300 hover:text-white'}`}
      >
        <DeviceIcon type={active?.type ?? 'Computer'} className="size-5" />
      </PopoverButton>
      <PopoverPanel anchor={{ to: 'top end', gap: 8 }} className={devicePanelFrame}>
        {({ close }) => <DevicePanel close={() => close()} />}
      </PopoverPanel>
    </Popover>
  );
}
