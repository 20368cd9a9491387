import { SpeakerWaveIcon, SpeakerXMarkIcon } from '@heroicons/react/24/solid';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { usePlayer } from './context';

/** How long the hand must rest on a volume slider before the volume is sent: one command, not one per pixel. */
export const volumeDebounceMs = 300;

interface VolumeSliderProps {
  /** The volume the music service reports, from 0 to 100. */
  volumePercent: number;
  disabled: boolean;
  /** Sends a volume; called once the slider has rested for `volumeDebounceMs`. */
  onChange: (volumePercent: number) => void;
  /** The slider's accessible name: "Volume", "Volume of Kitchen". */
  label?: string;
  /** The mute button's name follows the slider's: "Mute Kitchen". */
  name?: string;
  className?: string;
}

/** A mute button and a volume slider that sends the volume when the hand stops moving. */
export function VolumeSlider({
  volumePercent,
  disabled,
  onChange,
  label = 'Volume',
  name,
  className = 'w-24',
}: VolumeSliderProps) {
  const [value, setValue] = useState(volumePercent);
  // A volume set elsewhere (another device, a key) replaces the slider's.
  const [shown, setShown] = useState(volumePercent);
  if (shown !== volumePercent) {
    setShown(volumePercent);
    setValue(volumePercent);
  }
  const beforeMute = useRef(volumePercent || 50);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: number) => {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(next), volumeDebounceMs);
  };
  const muted = value === 0;
  const Icon = muted ? SpeakerXMarkIcon : SpeakerWaveIcon;
  const suffix = name ? ` ${name}` : '';
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        disabled={disabled}
        onClick={() => {
          if (value > 0) beforeMute.current = value;
          change(value > 0 ? 0 : beforeMute.current);
        }}
        aria-label={muted ? `Unmute${suffix}` : `Mute${suffix}`}
        className="rounded-full p-3 text-neutral-300 sm:p-2 hover:text-white disabled:opacity-40"
      >
        <Icon aria-hidden="true" className="size-5" />
      </button>
      <input
        type="range"
        min={0}
        max={100}
        value={value}
        disabled={disabled}
        aria-label={label}
        aria-valuetext={`${String(value)}%`}
        onChange={(event) => change(Number(event.target.value))}
        className={`range h-1 ${className}`}
        style={{ '--range-fill': `${String(value)}%` } as CSSProperties}
      />
    </div>
  );
}

/** The volume of the device playback is on. */
export function Volume({ className }: { className?: string }) {
  const player = usePlayer();
  const device = player.state?.device;
  return (
    <VolumeSlider
      volumePercent={device?.volumePercent ?? 100}
      disabled={!device?.supportsVolume || !player.canControl}
      onChange={(volume) => void player.setVolume(volume)}
      {...(className ? { className } : {})}
    />
  );
}
