import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { DevicePanel, devicePanelFrame } from './DevicePickerPopover';
import { PlayingOnContent, playingOnLook, type PlayingOnProps } from './PlayingOn';

/** The "Playing on …" strip as a device picker (see PlayingOn). */
export default function PlayingOnPopover({ deviceName }: PlayingOnProps) {
  return (
    <Popover className="w-full">
      <PopoverButton title="Choose where to play" className={playingOnLook}>
        <PlayingOnContent deviceName={deviceName} />
      </PopoverButton>
      <PopoverPanel anchor={{ to: 'top end', gap: 8 }} className={devicePanelFrame}>
        {({ close }) => <DevicePanel close={() => close()} />}
      </PopoverPanel>
    </Popover>
  );
}
