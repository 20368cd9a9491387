import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PlayerContext, type PlaybackState } from '../player/context';
import { device, fakePlayer, playbackState } from '../testing/fixtures';
import { ownsKeys, useShortcuts } from './shortcuts';

const playing = playbackState({ progressMs: 50_000, device: device({ volumePercent: 95 }) });

function Page({ openHelp, menu = false }: { openHelp: () => void; menu?: boolean }) {
  useShortcuts(openHelp);
  return (
    <div>
      <label>
        Search
        <input type="search" />
      </label>
      <textarea aria-label="Notes" />
      <div contentEditable aria-label="Description" role="textbox" />
      <button type="button">Like</button>
      {menu && (
        <div role="menu" tabIndex={-1} aria-label="More options">
          <button type="button" role="menuitem">
            Add to queue
          </button>
        </div>
      )}
    </div>
  );
}

function setup({
  state = playing,
  positionMs = 50_000,
  menu = false,
}: { state?: PlaybackState | null; positionMs?: number; menu?: boolean } = {}) {
  const player = fakePlayer({ state, live: false, positionMs: () => positionMs });
  const openHelp = vi.fn();
  const location = memoryLocation({ path: '/album/a1', record: true });
  render(
    <Router hook={location.hook}>
      <PlayerContext value={player}>
        <Page openHelp={openHelp} menu={menu} />
      </PlayerContext>
    </Router>,
  );
  return { player, openHelp, history: location.history };
}

const press = (key: string, init: Partial<KeyboardEventInit> = {}, target: Element = document.body) =>
  fireEvent.keyDown(target, { key, ...init });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the keyboard shortcuts', () => {
  it('play or pause with Space, once per press', () => {
    const { player } = setup();
    press(' ');
    expect(player.togglePlay).toHaveBeenCalledOnce();
    // A key held down repeats: it must not toggle on and off.
    press(' ', { repeat: true });
    expect(player.togglePlay).toHaveBeenCalledOnce();
  });

  it('leave Space to a focused button', () => {
    const { player } = setup();
    press(' ', {}, screen.getByRole('button', { name: 'Like' }));
    expect(player.togglePlay).not.toHaveBeenCalled();
  });

  it('seek ten seconds with the arrows', () => {
    const { player } = setup();
    press('ArrowRight');
    expect(player.seek).toHaveBeenLastCalledWith(60_000);
    press('ArrowLeft');
    expect(player.seek).toHaveBeenLastCalledWith(40_000);
  });

  it('seek back no further than the start', () => {
    const { player } = setup({ positionMs: 4_000 });
    press('ArrowLeft');
    expect(player.seek).toHaveBeenLastCalledWith(0);
  });

  it('skip with Shift and the arrows, and change the volume by ten up to 100', () => {
    const { player } = setup();
    press('ArrowRight', { shiftKey: true });
    expect(player.next).toHaveBeenCalledOnce();
    press('ArrowLeft', { shiftKey: true });
    expect(player.previous).toHaveBeenCalledOnce();
    expect(player.seek).not.toHaveBeenCalled();
    press('ArrowUp', { shiftKey: true });
    expect(player.setVolume).toHaveBeenLastCalledWith(100);
    press('ArrowDown', { shiftKey: true });
    expect(player.setVolume).toHaveBeenLastCalledWith(85);
    // Without Shift, up and down scroll the page as usual.
    const event = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(player.setVolume).toHaveBeenCalledTimes(2);
  });

  it('go to search with / and open the list with ?', () => {
    const { openHelp, history } = setup();
    press('/');
    expect(history.at(-1)).toBe('/search?focus=1');
    press('?', { shiftKey: true });
    expect(openHelp).toHaveBeenCalledOnce();
  });

  it('do nothing while typing', () => {
    const { player, openHelp, history } = setup();
    for (const field of [
      screen.getByRole('searchbox', { name: 'Search' }),
      screen.getByRole('textbox', { name: 'Notes' }),
      screen.getByRole('textbox', { name: 'Description' }),
    ]) {
      press(' ', {}, field);
      press('ArrowRight', {}, field);
      press('ArrowLeft', { shiftKey: true }, field);
      press('/', {}, field);
      press('?', { shiftKey: true }, field);
    }
    expect(player.togglePlay).not.toHaveBeenCalled();
    expect(player.seek).not.toHaveBeenCalled();
    expect(player.previous).not.toHaveBeenCalled();
    expect(openHelp).not.toHaveBeenCalled();
    expect(history).toEqual(['/album/a1']);
  });

  it('do nothing while a menu is open', () => {
    const { player, openHelp } = setup({ menu: true });
    press(' ', {}, screen.getByRole('menu'));
    press('ArrowRight', {}, screen.getByRole('menuitem', { name: 'Add to queue' }));
    // Even when the key reaches the page itself, the open menu comes first.
    press('ArrowRight');
    press('?', { shiftKey: true });
    expect(player.togglePlay).not.toHaveBeenCalled();
    expect(player.seek).not.toHaveBeenCalled();
    expect(openHelp).not.toHaveBeenCalled();
  });

  it('leave keys with Ctrl, Alt or Meta to the browser', () => {
    const { player } = setup();
    press('ArrowRight', { ctrlKey: true });
    press('ArrowLeft', { altKey: true });
    press(' ', { metaKey: true });
    expect(player.seek).not.toHaveBeenCalled();
    expect(player.togglePlay).not.toHaveBeenCalled();
  });

  it('keep the player keys for the page when nothing plays', () => {
    const { player, openHelp } = setup({ state: null });
    const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    press('ArrowRight');
    expect(event.defaultPrevented).toBe(false);
    expect(player.togglePlay).not.toHaveBeenCalled();
    expect(player.seek).not.toHaveBeenCalled();
    press('?', { shiftKey: true });
    expect(openHelp).toHaveBeenCalledOnce();
  });
});

describe('which elements own their keys', () => {
  it('fields, sliders and what sits in menus and dialogs do; the page and buttons do not', () => {
    const slider = document.createElement('div');
    slider.setAttribute('role', 'slider');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inDialog = document.createElement('button');
    dialog.append(inDialog);
    document.body.append(slider, dialog);
    expect(ownsKeys(document.createElement('input'))).toBe(true);
    expect(ownsKeys(document.createElement('select'))).toBe(true);
    expect(ownsKeys(slider)).toBe(true);
    expect(ownsKeys(inDialog)).toBe(true);
    expect(ownsKeys(document.body)).toBe(false);
    expect(ownsKeys(document.createElement('button'))).toBe(false);
    expect(ownsKeys(null)).toBe(false);
    slider.remove();
    dialog.remove();
  });
});
