import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen's module: the screen, and optionally a way to start fetching its data before it renders. */
export interface ScreenModule {
  default: ComponentType;
  /**
   * Starts the screen's query for these route parameters, so that it runs alongside the app's own
   * first query instead of after it (the result waits in Apollo's cache for the screen).
   */
  preload?: (client: ApolloClient, params: Record<string, string>) => void;
}

export type Screen = LazyExoticComponent<ComponentType>;

export interface ScreenRoute {
  path: string;
  load: () => Promise<ScreenModule>;
  Screen: Screen;
  /** What the screen is called: in the tab's title, and said when it is opened. */
  name: string;
  /**
   * A screen of one thing (an album, a playlist) is titled by what it shows: its heading. The others by
   * their name, whatever their heading says ("Good evening" is the Home screen).
   */
  titledBy: 'name' | 'heading';
}

/** Each screen is its own chunk, loaded when its route is first visited. */
export const screen = (load: () => Promise<{ default: ComponentType }>): Screen => lazy(load);

const route = (
  path: string,
  name: string,
  load: () => Promise<ScreenModule>,
  titledBy: ScreenRoute['titledBy'] = path.includes(':') ? 'heading' : 'name',
): ScreenRoute => ({ path, name, titledBy, load, Screen: lazy(load) });

/** The signed-in screens, by path, shown inside the app shell. */
export const screens: readonly ScreenRoute[] = [
  route('/', 'Home', () => import('../routes/HomePage')),
  route('/search', 'Search', () => import('../routes/SearchPage')),
  route('/library', 'Your Library', () => import('../routes/LibraryPage')),
  route('/collection/tracks', 'Liked Songs', () => import('../routes/LikedSongsPage')),
  route('/playlist/:id', 'Playlist', () => import('../routes/PlaylistPage')),
  route('/album/:id', 'Album', () => import('../routes/AlbumPage')),
  route('/artist/:id', 'Artist', () => import('../routes/ArtistPage')),
  route('/show/:id', 'Podcast', () => import('../routes/ShowPage')),
  route('/episode/:id', 'Podcast episode', () => import('../routes/EpisodePage')),
  route('/category/:id', 'Category', () => import('../routes/CategoryPage')),
  route('/queue', 'Queue', () => import('../routes/QueuePage')),
  route('/devices', 'Devices', () => import('../routes/DevicesPage')),
  route('/profile', 'Profile', () => import('../routes/ProfilePage')),
  route('/user/:id', 'Profile', () => import('../routes/UserPage')),
  route('/now-playing', 'Now playing', () => import('../routes/NowPlayingPage')),
];

/** The parameters of `path` when it matches `pattern` (`/album/:id`), else null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = have[index] ?? '';
    if (part.startsWith(':')) {
      if (value === '') return null;
      params[part.slice(1)] = decodeURIComponent(value);
    } else if (part !== value) return null;
  }
  return params;
}

/**
 * On the first load of a page, fetches the screen's chunk and starts its query at once, in parallel
 * with the app's own first query, so that neither waits for the other.
 */
export function preloadScreen(path: string, client: ApolloClient): void {
  for (const candidate of screens) {
    const params = matchPath(candidate.path, path);
    if (!params) continue;
    void candidate
      .load()
      .then((module) => module.preload?.(client, params))
      .catch(() => undefined);
    return;
  }
}

export const NotFoundPage = screen(() => import('../routes/NotFoundPage'));

/** The screen at `path`, or null for a path that names none. */
export function screenAt(path: string): ScreenRoute | null {
  return screens.find((candidate) => matchPath(candidate.path, path)) ?? null;
}

/** The app's name, last in every title. */
export const appName = 'Graphonic';

/**
 * What the screen at `path` is called, given its heading as shown (null while it has none): "Liked Songs",
 * "Abbey Road". A path that names no screen is called by the heading that says so.
 */
export function screenLabel(path: string, heading: string | null): string {
  const route = screenAt(path);
  const shown = heading?.replace(/\s+/g, ' ').trim() || null;
  if (!route) return shown ?? 'Page not found';
  if (route.titledBy === 'heading') return shown ?? route.name;
  return route.name;
}

/** The tab's title for a screen: "Liked Songs – Graphonic". */
export const documentTitle = (label: string): string => `${label} – ${appName}`;

/**
 * Starts a screen's query (a `preload` of its module); its result waits in the cache for the screen.
 * Only a result without errors is kept: one with errors would reach the screen from the cache as
 * bare nulls, without the errors that explain them, so the screen asks again and gets them itself.
 */
export function startQuery<Data, Variables extends OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<Data, Variables>,
  variables: Variables,
): void {
  void client.query({ query, variables, errorPolicy: 'none' }).catch(() => undefined);
}
