import { MockedProvider } from '@apollo/client/testing/react';
import { PauseIcon, PlayIcon } from '@heroicons/react/24/solid';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType, SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeFragmentData } from '../__generated__';
import { createCache } from '../apollo';
import { ViewerProvider } from '../app/viewer';
import { PlayerContext, type Player } from '../player/context';
import { testViewer } from '../search/test-support';
import { fakePlayer, playbackState } from '../testing/fixtures';
import { NotificationsProvider } from './Notifications';
import { playLabel, TrackList, TrackRowFragment, type TrackListRow } from './TrackList';

const track = (id: string, name: string, artist: string) => ({
  __typename: 'Track' as const,
  id,
  uri: `spotify:track:${id}`,
  name,
  durationMs: 180_000,
  explicit: false,
  saved: false,
  trackNumber: 1,
  isPlayable: true,
  album: { __typename: 'Album' as const, id: 'a1', name: 'Morning Album', images: [] },
  artists: [{ __typename: 'Artist' as const, id: `ar-${id}`, name: artist }],
});

const rows: TrackListRow[] = [
  track('t1', 'First Light', 'The Early Birds'),
  track('t2', 'Noon', 'Midday Sun'),
  track('t3', 'Dusk', 'Evening Choir'),
].map((item) => ({ key: item.id, item: makeFragmentData(item, TrackRowFragment) }));

const viewer = testViewer();

function stubPlayer(canControl = true): Player {
  return fakePlayer({ canControl, refresh: () => undefined });
}

function renderList(player: Player) {
  render(
    <MockedProvider cache={createCache()}>
      <ViewerProvider viewer={viewer}>
        <NotificationsProvider>
          <PlayerContext value={player}>
            <TrackList label="Tracks of Morning Album" rows={rows} playback={{ contextUri: 'spotify:album:a1' }} />
          </PlayerContext>
        </NotificationsProvider>
      </ViewerProvider>
    </MockedProvider>,
  );
  const list = screen.getByRole('list', { name: 'Tracks of Morning Album' });
  return within(list).getAllByRole('listitem');
}

describe('playLabel', () => {
  it('names the track and its artists, or the episode and its show', () => {
    const song = { __typename: 'Track' as const, name: 'Duet', artists: [{ name: 'Ann' }, { name: 'Bo' }] };
    expect(playLabel(song, false)).toBe('Play Duet by Ann, Bo');
    expect(playLabel(song, true)).toBe('Pause Duet by Ann, Bo');
    expect(playLabel({ __typename: 'Episode', name: 'Part 1', show: { name: 'The Show' } }, false)).toBe(
      'Play Part 1 by The Show',
    );
    expect(playLabel({ __typename: 'Track', name: 'Alone', artists: [] }, false)).toBe('Play Alone');
  });
});

describe('TrackList by keyboard', () => {
  it('is one stop of the Tab order, with every play button named and in the tree', () => {
    const items = renderList(stubPlayer());
    expect(items.map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    const buttons = screen.getAllByRole('button', { name: /^Play / });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Play First Light by The Early Birds',
      'Play Noon by Midday Sun',
      'Play Dusk by Evening Choir',
    ]);
    // Shown by opacity, never hidden from the keyboard or assistive technology.
    for (const button of buttons) expect(button.className).not.toMatch(/\binvisible\b|\bhidden\b/);
  });

  it('moves between rows with the arrows, and plays the focused row with Enter', () => {
    const player = stubPlayer();
    const items = renderList(player);
    const [first, second, third] = items;
    if (!first || !second || !third) throw new Error('Three rows expected');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    expect(items.map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(second, { key: 'End' });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third, { key: 'ArrowUp' });
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(player.play).toHaveBeenCalledWith({ contextUri: 'spotify:album:a1', offsetPosition: 1 });
  });

  it('leaves keys pressed on a button of the row to that button', () => {
    const player = stubPlayer();
    const [first] = renderList(player);
    if (!first) throw new Error('A row expected');
    const like = within(first).getByRole('button', { name: 'Save First Light to your library' });
    fireEvent.keyDown(like, { key: 'ArrowDown' });
    fireEvent.keyDown(like, { key: 'Enter' });
    expect(player.play).not.toHaveBeenCalled();
  });

  it('plays nothing by Enter where the account may not control playback', () => {
    const player = stubPlayer(false);
    const [first] = renderList(player);
    if (!first) throw new Error('A row expected');
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(player.play).not.toHaveBeenCalled();
  });
});

/** The outline an icon draws: its paths' data. */
function drawingOf(svg: Element | null): string[] {
  return [...(svg?.querySelectorAll('path') ?? [])].map((path) => path.getAttribute('d') ?? '');
}

function drawingOfIcon(Icon: ComponentType<SVGProps<SVGSVGElement>>): string[] {
  const holder = document.createElement('div');
  holder.innerHTML = renderToStaticMarkup(<Icon />);
  return drawingOf(holder.querySelector('svg'));
}

describe('TrackList while a row plays', () => {
  it('shows a pause button on the row that plays, which pauses, and play buttons on the others', () => {
    // First Light plays (playbackState's track).
    const player = fakePlayer({ state: playbackState(), refresh: () => undefined });
    const [first, second] = renderList(player);
    if (!first || !second) throw new Error('Two rows expected');
    const pause = within(first).getByRole('button', { name: 'Pause First Light by The Early Birds' });
    expect(drawingOf(pause.querySelector('svg'))).toEqual(drawingOfIcon(PauseIcon));
    const play = within(second).getByRole('button', { name: 'Play Noon by Midday Sun' });
    expect(drawingOf(play.querySelector('svg'))).toEqual(drawingOfIcon(PlayIcon));
    fireEvent.click(pause);
    expect(player.pause).toHaveBeenCalledTimes(1);
    expect(player.play).not.toHaveBeenCalled();
  });

  it('shows a play button on the row of what is paused, which plays it on', () => {
    const player = fakePlayer({ state: playbackState({ isPlaying: false }), refresh: () => undefined });
    const [first] = renderList(player);
    if (!first) throw new Error('A row expected');
    const play = within(first).getByRole('button', { name: 'Play First Light by The Early Birds' });
    expect(drawingOf(play.querySelector('svg'))).toEqual(drawingOfIcon(PlayIcon));
    fireEvent.click(play);
    expect(player.play).toHaveBeenCalledWith();
  });
});
