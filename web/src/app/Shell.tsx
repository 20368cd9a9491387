import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/24/outline';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Cover } from '../components/Cover';
import { deferred, prefetchWidgets } from '../components/deferred';
import { ConnectionBanner, UnreachablePage } from '../components/ConnectionBanner';
import { NotificationsProvider } from '../components/Notifications';
import { ErrorState, PageSkeleton } from '../components/States';
import { usePlayer } from '../player/context';
import { nowPlayingLabel } from '../player/now-playing';
import { PlayerBarLook } from '../player/PlayerBarLook';
import { PlayerHost } from '../player/PlayerHost';
import { Landing } from './Landing';
import { ScreenErrorBoundary } from './RouteError';
import { NotFoundPage, screens } from './screens';
import { useShortcuts } from './shortcuts';
import { useScreenNavigation } from './useScreenNavigation';
import { MobileNav, Sidebar } from './Sidebar';
import { useViewer, useViewerStatus, ViewerProvider } from './viewer';

const UserMenu = deferred<{ openHelp: () => void }>(
  () => import('./UserMenu'),
  () => <AccountButtonLook />,
);

const ShortcutsDialog = lazy(() => import('./ShortcutsDialog'));

/** The player bar, with its controls, device picker and volume: on its way while the first screen renders. */
const PlayerBar = deferred<object>(
  () => import('../player/PlayerBar').then(({ PlayerBar }) => ({ default: PlayerBar })),
  () => <PlayerBarLook />,
);

/** The account button as it looks before its menu is loaded. */
function AccountButtonLook() {
  const { me } = useViewer();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={`Account: ${me.displayName ?? me.id}`}
      className="flex items-center gap-2 rounded-full bg-black/60 p-1"
    >
      <Cover images={me.images} size={32} shape="round" className="size-8" />
    </button>
  );
}

interface TopBarProps {
  openHelp: () => void;
  /** Whether Back and Forward lead anywhere within the app. */
  canGoBack: boolean;
  canGoForward: boolean;
}

function TopBar({ openHelp, canGoBack, canGoForward }: TopBarProps) {
  const arrow = 'rounded-full bg-black/60 p-3 sm:p-1.5 text-neutral-200 hover:bg-black/80 disabled:opacity-40';
  return (
    <header className="sticky top-0 z-30 flex items-center justify-between gap-2 bg-neutral-900/80 px-4 py-2 backdrop-blur md:px-6">
      <div className="flex gap-2">
        <button
          type="button"
          aria-label="Go back"
          disabled={!canGoBack}
          className={arrow}
          onClick={() => history.back()}
        >
          <ChevronLeftIcon aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-label="Go forward"
          disabled={!canGoForward}
          className={arrow}
          onClick={() => history.forward()}
        >
          <ChevronRightIcon aria-hidden="true" className="size-5" />
        </button>
      </div>
      <UserMenu openHelp={openHelp} />
    </header>
  );
}

/** The signed-in app: sidebar, the screen, and the player bar, with the player shared by all. */
function SignedInShell() {
  const [help, setHelp] = useState(false);
  const openHelp = useCallback(() => setHelp(true), []);
  const closeHelp = useCallback(() => setHelp(false), []);
  useShortcuts(openHelp);
  const [location] = useLocation();
  const main = useRef<HTMLElement | null>(null);
  const screen = useRef<HTMLDivElement | null>(null);
  useEffect(prefetchWidgets, []);
  const { state: playback } = usePlayer();
  const { canGoBack, canGoForward, announcement } = useScreenNavigation(
    main,
    screen,
    location,
    nowPlayingLabel(playback),
  );
  return (
    <div className="flex h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-black focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        <main
          id="main"
          ref={main}
          tabIndex={-1}
          className="relative min-w-0 flex-1 overflow-y-auto bg-neutral-900 md:my-2 md:mr-2 md:rounded-lg"
        >
          <TopBar openHelp={openHelp} canGoBack={canGoBack} canGoForward={canGoForward} />
          <div ref={screen}>
            <ScreenErrorBoundary key={location}>
              <Suspense fallback={<PageSkeleton />}>
                <Switch>
                  {screens.map(({ path, Screen }) => (
                    <Route key={path} path={path} component={Screen} />
                  ))}
                  <Route component={NotFoundPage} />
                </Switch>
              </Suspense>
            </ScreenErrorBoundary>
          </div>
        </main>
      </div>
      {/* Says which screen opened, as a page load would for a screen reader. */}
      <p id="screen-announcer" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
      <PlayerBar />
      <MobileNav />
      {help && (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={closeHelp} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Every screen but the sign-in pages: the landing page for visitors (at `/`; elsewhere they are sent
 * to sign in and brought back), the app for the signed-in.
 */
export function Shell() {
  const status = useViewerStatus();
  const [location] = useLocation();
  if (status.kind === 'loading') {
    return (
      <div className="flex h-dvh items-center justify-center" role="status">
        <span className="sr-only">Loading Graphonic…</span>
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-neutral-700 border-t-accent"
        />
      </div>
    );
  }
  // Cannot reach is not signed out: no landing, no sign-in page, and in by itself when the answers are back.
  if (status.kind === 'unreachable') return <UnreachablePage what={status.what} />;
  if (status.kind === 'error') {
    return (
      <main className="flex h-dvh items-center justify-center">
        <ErrorState error={status.error} doing="reach Graphonic" retry={status.retry} level={1} />
      </main>
    );
  }
  if (status.kind === 'signed-out') {
    if (location === '/') return <Landing upstream={status.upstream} />;
    const returnTo = location + window.location.search;
    return <Redirect to={`/auth/signin?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }
  return (
    <ViewerProvider viewer={status.viewer}>
      <ConnectionBanner />
      <NotificationsProvider>
        <PlayerHost>
          <SignedInShell />
        </PlayerHost>
      </NotificationsProvider>
    </ViewerProvider>
  );
}
