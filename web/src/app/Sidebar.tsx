import { BuildingLibraryIcon, HomeIcon, MagnifyingGlassIcon } from '@heroicons/react/24/solid';
import { PlusIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { NavLink } from './NavLink';
import { deferred } from '../components/deferred';
import { LoadingScreen, Skeleton } from '../components/States';
import { kindLabels, type LibraryKind } from '../library/library-entries';
import { useSidebarKind } from '../library/library-settings';

const navClass = (active: boolean) =>
  `flex items-center gap-4 rounded-md px-3 py-2 font-semibold transition ${active ? 'text-white' : 'text-neutral-400 hover:text-white'}`;

export const mainNavigation = [
  { to: '/', label: 'Home', icon: HomeIcon, prefix: false },
  { to: '/search', label: 'Search', icon: MagnifyingGlassIcon, prefix: false },
  { to: '/library', label: 'Your Library', icon: BuildingLibraryIcon, prefix: true },
] as const;

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

/** The rows' skeletons, while their code or their data is on its way. */
export function RowsSkeleton() {
  return (
    <LoadingScreen label="Loading Your Library">
      <div className="space-y-1">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="flex items-center gap-3 p-2">
            <Skeleton className="size-12 shrink-0" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </LoadingScreen>
  );
}

const kinds: LibraryKind[] = ['playlists', 'albums', 'artists', 'shows'];

/** The rows come after the first screen, with their query: skeletons until then. */
const LibraryRows = deferred<{ kind: LibraryKind | null }>(
  () => import('./SidebarLibraryRows'),
  () => <RowsSkeleton />,
);

/**
 * Your Library in the sidebar, as Spotify has it: the listener's playlists, saved albums, followed artists
 * and saved podcasts in one list, the most recently added first (Liked Songs pinned at the top), with
 * chips that narrow it to one kind.
 */
function SidebarLibrary() {
  const [kind, setKind] = useSidebarKind();
  return (
    <section
      aria-labelledby="sidebar-library-heading"
      className="flex min-h-0 flex-1 flex-col rounded-lg bg-neutral-900 p-2"
    >
      <div className="flex items-center justify-between px-2 pb-2">
        <h2 id="sidebar-library-heading">
          <NavLink to="/library" prefix className={navClass}>
            <BuildingLibraryIcon aria-hidden="true" className="size-6" />
            Your Library
          </NavLink>
        </h2>
        <CreatePlaylistButton />
      </div>
      <div role="group" aria-label="Show only" className="flex flex-wrap gap-1.5 px-2 pb-2">
        {kind && (
          <button
            type="button"
            onClick={() => setKind(null)}
            aria-label="Show everything"
            title="Show everything"
            className="rounded-full bg-neutral-800 p-1.5 text-neutral-300 hover:bg-neutral-700 hover:text-white"
          >
            <XMarkIcon aria-hidden="true" className="size-4" />
          </button>
        )}
        {/* One chosen, the others step aside for it, as on Spotify: a second click on it, or the cross, clears it. */}
        {kinds
          .filter((each) => kind === null || kind === each)
          .map((each) => (
            <button
              key={each}
              type="button"
              aria-pressed={kind === each}
              onClick={() => setKind(kind === each ? null : each)}
              className="rounded-full bg-neutral-800 px-2.5 py-1.5 text-[13px] font-medium hover:bg-neutral-700 aria-pressed:bg-white aria-pressed:text-black"
            >
              {kindLabels[each]}
            </button>
          ))}
      </div>
      <LibraryRows kind={kind} />
    </section>
  );
}

/** The desktop sidebar: where to go, and Your Library. */
export function Sidebar() {
  return (
    <nav aria-label="Main" className="hidden w-72 shrink-0 flex-col gap-2 p-2 md:flex lg:w-[22rem]">
      <div className="rounded-lg bg-neutral-900 p-3">
        <ul>
          {mainNavigation
            .filter(({ to }) => to !== '/library')
            .map(({ to, label, icon: Icon, prefix }) => (
              <li key={to}>
                <NavLink to={to} prefix={prefix} className={navClass}>
                  <Icon aria-hidden="true" className="size-6" />
                  {label}
                </NavLink>
              </li>
            ))}
        </ul>
      </div>
      <SidebarLibrary />
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
