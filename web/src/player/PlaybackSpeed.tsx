import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { CheckIcon } from '@heroicons/react/20/solid';
import type { ComponentProps } from 'react';
import { useViewer } from '../app/viewer';
import { playbackSpeeds, speedLabel, usePlayer } from './context';

/**
 * A menu item that is one of a choice (ARIA's `menuitemradio`, its `aria-checked` saying which): the menu
 * gives each item the plain `menuitem` role, which this one takes the place of.
 */
function RadioItem({ role: _menuitem, ...props }: ComponentProps<'button'>) {
  return <button type="button" {...props} role="menuitemradio" />;
}

/** Below `sm`, a thumb's 44 px (decision 038); from `sm` up, the controls' density. */
const sizes = {
  md: 'min-h-11 min-w-11 px-2 py-1 text-xs sm:min-h-0',
  lg: 'min-h-11 min-w-14 px-3 py-1.5 text-sm sm:min-h-0',
} as const;

interface PlaybackSpeedProps {
  size?: keyof typeof sizes;
  /** The id of the text that explains a disabled control. */
  describedBy?: string;
}

/**
 * The playback speed of an episode, as Spotify's players offer it: a button that says the speed ("1×")
 * and opens the speeds, the current one checked. Shown for episodes only: a track always plays at 1×. Only the
 * local music service has a playback speed; with Spotify, whose API has none, it is not shown.
 */
export function PlaybackSpeed({ size = 'md', describedBy }: PlaybackSpeedProps) {
  const player = usePlayer();
  const { upstream } = useViewer();
  const { state } = player;
  if (upstream.provider !== 'LOCAL' || state?.item?.__typename !== 'Episode') return null;
  const current = state.playbackSpeed;
  const label = speedLabel(current);
  return (
    <Menu>
      <MenuButton
        disabled={!player.canControl}
        aria-label={`Playback speed, ${label}`}
        title="Playback speed"
        aria-describedby={describedBy}
        className={`rounded-full font-semibold tabular-nums ${sizes[size]} ${
          current === 1 ? 'text-neutral-300 hover:text-white' : 'text-accent'
        } disabled:opacity-40 data-open:text-white`}
      >
        {label}
      </MenuButton>
      <MenuItems
        anchor={{ to: 'top', gap: 8 }}
        className="z-50 w-36 rounded-md bg-neutral-800 py-1 shadow-xl ring-1 ring-white/10 focus:outline-none"
      >
        {playbackSpeeds.map((speed) => (
          <MenuItem
            key={speed}
            as={RadioItem}
            aria-checked={speed === current}
            onClick={() => {
              if (speed !== current) void player.setPlaybackSpeed(speed);
            }}
            className="flex min-h-11 w-full items-center justify-between px-3 py-2 text-left sm:min-h-0 text-sm tabular-nums data-focus:bg-white/10"
          >
            <span className={speed === current ? 'text-accent' : ''}>{speedLabel(speed)}</span>
            {speed === current && <CheckIcon aria-hidden="true" className="text-accent size-4" />}
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
