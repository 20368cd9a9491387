import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'wouter';
import { Cover } from '../components/Cover';
import { useViewer } from './viewer';

/** The account menu, loaded after the first screen. */
export default function UserMenu({ openHelp }: { openHelp: () => void }) {
  const { me } = useViewer();
  const name = me.displayName ?? me.id;
  const item = 'block w-full px-4 py-2 text-left text-sm data-focus:bg-white/10';
  return (
    <Menu>
      <MenuButton
        aria-label={`Account: ${name}`}
        className="flex items-center gap-2 rounded-full bg-black/60 p-1.5 hover:bg-black/80 sm:p-1"
      >
        <Cover images={me.images} size={32} shape="round" className="size-8" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-56 rounded-md bg-neutral-800 py-1 shadow-xl ring-1 ring-white/10 focus:outline-none"
      >
        <div className="border-b border-white/10 px-4 py-2 text-sm">
          <p className="truncate font-semibold">{name}</p>
          <p className="text-xs text-neutral-400">{me.product === 'PREMIUM' ? 'Premium' : 'Free'} account</p>
        </div>
        <MenuItem>
          <Link to="/profile" className={item}>
            Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/devices" className={item}>
            Devices
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={openHelp} className={item}>
            Keyboard shortcuts
          </button>
        </MenuItem>
        <MenuItem>
          <Link to="/auth/signout" className={item}>
            Sign out
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
