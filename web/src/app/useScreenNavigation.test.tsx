import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { Route, Switch, useLocation } from 'wouter';
import { screenHeading, screenReady, useScreenNavigation } from './useScreenNavigation';

/** A screen whose content arrives later, with a skeleton meanwhile. */
function SlowAlbum() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  if (!loaded) return <div role="status" aria-busy="true" />;
  return <h1>Abbey Road</h1>;
}

/** A screen that puts the cursor in its box itself. */
function Search() {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <>
      <h1>Search</h1>
      <input ref={box} type="search" aria-label="Search" />
    </>
  );
}

/** A screen that opens a dialog of its own on arrival, outside the screen (as a new playlist's details do). */
function NewPlaylist() {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <>
      <h1>My Playlist #1</h1>
      {createPortal(
        <div role="dialog" aria-label="Edit details">
          <input ref={box} aria-label="Name" />
        </div>,
        document.body,
      )}
    </>
  );
}

function Shell({ playing = null }: { playing?: string | null }) {
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const holder = useRef<HTMLDivElement>(null);
  const { canGoBack, canGoForward, announcement } = useScreenNavigation(main, holder, location, playing);
  return (
    <>
      <main ref={main}>
        <button type="button" disabled={!canGoBack}>
          Go back
        </button>
        <button type="button" disabled={!canGoForward}>
          Go forward
        </button>
        <div ref={holder}>
          <Switch>
            <Route path="/">
              <h1>Good evening</h1>
            </Route>
            <Route path="/album/:id" component={SlowAlbum} />
            <Route path="/search" component={Search} />
            <Route path="/playlist/new" component={NewPlaylist} />
            <Route>
              <h1>Page not found</h1>
            </Route>
          </Switch>
        </div>
      </main>
      <p data-testid="announcer">{announcement}</p>
    </>
  );
}

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = 'Graphonic';
});

describe('screenHeading', () => {
  it("is the screen's own heading, not that of an error in its place", () => {
    const root = document.createElement('div');
    root.innerHTML = '<div role="alert" data-error-state><h1>We could not load this album.</h1></div>';
    expect(screenHeading(root)).toBeNull();
    root.innerHTML = '<h1>Abbey Road</h1><div role="alert" data-error-state><h2>We could not load it.</h2></div>';
    expect(screenHeading(root)?.textContent).toBe('Abbey Road');
  });
});

describe('screenReady', () => {
  it('waits for the heading, or an error in its place, with nothing loading', () => {
    const root = document.createElement('div');
    expect(screenReady(root)).toBe(false);
    root.innerHTML = '<div aria-busy="true"></div><h1>Album</h1>';
    expect(screenReady(root)).toBe(false);
    root.innerHTML = '<h1>Album</h1>';
    expect(screenReady(root)).toBe(true);
    root.innerHTML = '<div role="alert">We could not load this album.</div>';
    expect(screenReady(root)).toBe(true);
  });
});

describe('useScreenNavigation', () => {
  it('titles the first screen by its name, without moving focus or announcing it', async () => {
    render(<Shell />);
    await waitFor(() => expect(document.title).toBe('Home – Graphonic'));
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('announcer').textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Go back' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Go forward' })).toHaveProperty('disabled', true);
  });

  it('on moving to a screen, waits for its content, then titles it, focuses its heading and announces it', async () => {
    render(<Shell />);
    act(() => navigate('/album/abc'));
    expect(screen.getByRole('button', { name: 'Go back' })).toHaveProperty('disabled', false);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Abbey Road' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.title).toBe('Abbey Road – Graphonic');
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toBe('Abbey Road'));

    act(() => navigate('/nowhere'));
    const missing = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await waitFor(() => expect(document.activeElement).toBe(missing));
    expect(document.title).toBe('Page not found – Graphonic');
  });

  it('names what plays while it plays, the screen once it stops, and announces the screen either way', async () => {
    const { rerender } = render(<Shell playing="Come Together • The Beatles" />);
    await waitFor(() => expect(document.title).toBe('Come Together • The Beatles – Graphonic'));
    act(() => navigate('/album/abc'));
    await screen.findByRole('heading', { level: 1, name: 'Abbey Road' });
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toBe('Abbey Road'));
    expect(document.title).toBe('Come Together • The Beatles – Graphonic');
    rerender(<Shell playing={null} />);
    await waitFor(() => expect(document.title).toBe('Abbey Road – Graphonic'));
  });

  it('leaves focus where the screen put it', async () => {
    render(<Shell />);
    act(() => navigate('/search'));
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toBe('Search'));
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' }));
    expect(document.title).toBe('Search – Graphonic');

    act(() => navigate('/playlist/new'));
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toBe('My Playlist #1'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });
});
