import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { usePlayer } from '../player/context';

export const shortcuts: readonly { keys: string; does: string }[] = [
  { keys: 'Space', does: 'Play or pause' },
  { keys: 'Shift + →', does: 'Next' },
  { keys: 'Shift + ←', does: 'Previous' },
  { keys: '→', does: 'Forward 10 seconds' },
  { keys: '←', does: 'Back 10 seconds' },
  { keys: 'Shift + ↑', does: 'Volume up' },
  { keys: 'Shift + ↓', does: 'Volume down' },
  { keys: '/', does: 'Search' },
  { keys: '?', does: 'Show these shortcuts' },
];

/** How far the arrows seek and how much Shift + ↑/↓ change the volume. */
export const seekStepMs = 10_000;
export const volumeStep = 10;

const ownRoles = new Set(['slider', 'spinbutton', 'menuitem', 'option', 'listbox', 'textbox', 'combobox', 'searchbox']);

/** Keys typed into a field, a slider or a menu belong to it, not to the shortcuts. */
export function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  const role = target.getAttribute('role');
  if (role !== null && ownRoles.has(role)) return true;
  // Inside a menu, a listbox or a dialog, every key is theirs (Headless UI focuses the list itself).
  return target.closest('[role="menu"], [role="listbox"], [role="dialog"], [aria-modal="true"]') !== null;
}

/** Whether a menu, a listbox or a modal dialog is open anywhere: its keys come first. */
function overlayOpen(): boolean {
  return document.querySelector('[role="menu"], [role="listbox"], [aria-modal="true"]') !== null;
}

/** Space on a focused control presses the control: only elsewhere does it toggle playback. */
function pressesSpace(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a[href], summary, [role="button"], label') !== null;
}

/** The app's keyboard shortcuts; `?` opens their list. None fires while typing or while a menu or dialog is open. */
export function useShortcuts(openHelp: () => void): void {
  const player = usePlayer();
  const [, navigate] = useLocation();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (ownsKeys(event.target) || overlayOpen()) return;
      const volume = player.state?.device?.volumePercent ?? 100;
      const actions: Record<string, (() => void) | undefined> = {
        ' ': pressesSpace(event.target) || event.repeat ? undefined : () => void player.togglePlay(),
        ArrowRight: event.shiftKey
          ? () => void player.next()
          : () => void player.seek(player.positionMs() + seekStepMs),
        ArrowLeft: event.shiftKey
          ? () => void player.previous()
          : () => void player.seek(Math.max(0, player.positionMs() - seekStepMs)),
        ArrowUp: event.shiftKey ? () => void player.setVolume(Math.min(100, volume + volumeStep)) : undefined,
        ArrowDown: event.shiftKey ? () => void player.setVolume(Math.max(0, volume - volumeStep)) : undefined,
        '/': () => navigate('/search?focus=1'),
        '?': openHelp,
      };
      const action = actions[event.key];
      if (!action) return;
      // The player's keys need something to play; without it the page keeps them (Space scrolls).
      if ((event.key.startsWith('Arrow') || event.key === ' ') && !player.state?.item) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [player, navigate, openHelp]);
}
