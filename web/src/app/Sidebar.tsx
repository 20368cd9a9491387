import { BuildingLibraryIcon, HomeIcon, MagnifyingGlassIcon } from '@heroicons/react/24/solid';
import { PlusIcon } from '@heroicons/react/24/outline';
import { HeartIcon } from '@heroicons/react/24/solid';
import { NavLink } from './NavLink';
import { graphql, getFragmentData, type FragmentType } from '../__generated__';
import { Cover } from '../components/Cover';
import { deferred } from '../components/deferred';
import { useViewer } from './viewer';

export const SidebarPlaylistFragment = graphql(`
  fragment SidebarPlaylist_playlist on Playlist {
    id
    name
    images {
      url
      width
    }
    owner {
      id
      displayName
    }
  }
`);

const navClass = (active: boolean) =>
  `flex items-center gap-4 rounded-md px-3 py-2 font-semibold transition ${active ? 'text-white' : 'text-neutral-400 hover:text-white'}`;

export const mainNavigation = [
  { to: '/', label: 'Home', icon: HomeIcon, prefix: false },
  { to: '/search', label: 'Search', icon: MagnifyingGlassIcon, prefix: false },
  { to: '/library', label: 'Your Library', icon: BuildingLibraryIcon, prefix: true },
] as const;

function SidebarPlaylist({ playlist }: { playlist: FragmentType<typeof SidebarPlaylistFragment> }) {
  const data = getFragmentData(SidebarPlaylistFragment, playlist);
  return (
    <li>
      <NavLink
        to={`/playlist/${data.id}`}
        className={(active) => `flex items-center gap-3 rounded-md p-2 hover:bg-white/5 ${active ? 'bg-white/10' : ''}`}
      >
        <Cover images={data.images} size={40} className="size-10" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium">{data.name}</span>
          <span className="block truncate text-xs text-neutral-400">
            Playlist · {data.owner.displayName ?? data.owner.id}
          </span>
        </span>
      </NavLink>
    </li>
  );
}

/** The sidebar's button that creates a playlist; without `onClick`, its look before its code has loaded. */
export function CreatePlaylistLook({ onClick }: { onClick?: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Create playlist"
      title="Create playlist"
      className="rounded-full p-3 text-neutral-400 hover:bg-white/10 hover:text-white sm:p-1"
    >
      <PlusIcon aria-hidden="true" className="size-5" />
    </button>
  );
}

const CreatePlaylistButton = deferred<object>(
  () => import('./CreatePlaylistButton'),
  () => <CreatePlaylistLook />,
);

/** The desktop sidebar: where to go, and the listener's playlists. */
export function Sidebar() {
  const { me } = useViewer();
  const playlists = me.playlists.edges;
  return (
    <nav aria-label="Main" className="hidden w-72 shrink-0 flex-col gap-2 p-2 md:flex">
      <div className="rounded-lg bg-neutral-900 p-3">
        <ul>
          {mainNavigation.map(({ to, label, icon: Icon, prefix }) => (
            <li key={to}>
              <NavLink to={to} prefix={prefix} className={navClass}>
                <Icon aria-hidden="true" className="size-6" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex min-h-0 flex-1 flex-col rounded-lg bg-neutral-900 p-3">
        <div className="flex items-center justify-between px-2 pb-2">
          <h2 className="font-semibold text-neutral-300">Playlists</h2>
          <CreatePlaylistButton />
        </div>
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label="Your playlists">
          <li>
            <NavLink
              to="/collection/tracks"
              className={(active) =>
                `flex items-center gap-3 rounded-md p-2 hover:bg-white/5 ${active ? 'bg-white/10' : ''}`
              }
            >
              <span className="flex size-10 items-center justify-center rounded-md bg-gradient-to-br from-indigo-700 to-sky-300">
                <HeartIcon aria-hidden="true" className="size-4" />
              </span>
              <span className="text-sm font-medium">Liked Songs</span>
            </NavLink>
          </li>
          {playlists.map((edge) => (
            <SidebarPlaylist key={edge.node.id} playlist={edge.node} />
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** The phone's bottom navigation. */
export function MobileNav() {
  return (
    <nav aria-label="Main" className="border-t border-white/10 bg-neutral-950 md:hidden">
      <ul className="grid grid-cols-3">
        {mainNavigation.map(({ to, label, icon: Icon, prefix }) => (
          <li key={to}>
            <NavLink
              to={to}
              prefix={prefix}
              className={(active) =>
                `flex flex-col items-center gap-1 py-2 text-xs ${active ? 'text-white' : 'text-neutral-400'}`
              }
            >
              <Icon aria-hidden="true" className="size-6" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
