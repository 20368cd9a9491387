import { useEffect, useRef, useState, type RefObject } from 'react';
import { HistoryEntries } from './history-entries';
import { documentTitle, screenLabel } from './screens';

/** How long a Back or Forward waits for its screen to grow tall enough to scroll where it was. */
export const restoreWithin = 5_000;

/**
 * The screen's own heading, as shown: not the heading of an error or a wait in its place, which says
 * what went wrong rather than what the screen is.
 */
export const screenHeading = (screen: Element): HTMLElement | null =>
  Array.from(screen.querySelectorAll('h1')).find((heading) => !heading.closest('[data-error-state]')) ?? null;

/**
 * Whether a screen has rendered what it shows: nothing on it is loading (a skeleton says so with
 * `aria-busy`), and it has its heading, or an error in its place.
 */
export function screenReady(screen: Element): boolean {
  if (screen.querySelector('[aria-busy="true"]')) return false;
  return screen.querySelector('h1, [role="alert"]') !== null;
}

export interface ScreenNavigation {
  canGoBack: boolean;
  canGoForward: boolean;
  /** What the polite live region says: the screen just opened. */
  announcement: string;
}

interface Restore {
  top: number;
  until: number;
}

/** What the watch of a screen keeps between renders of the shell. */
interface ScreenRefs {
  entries: HistoryEntries;
  /** Where Back or Forward is to bring the screen, once it has room. */
  restore: RefObject<Restore | null>;
  /** Set on moving to another screen: its arrival is to be announced. */
  arrived: RefObject<boolean>;
  playingNow: RefObject<string | null>;
  /** Looks at the screen again at the next frame. */
  check: RefObject<() => void>;
  setArrows: (arrows: { canGoBack: boolean; canGoForward: boolean }) => void;
  setAnnouncement: (announcement: string) => void;
}

/** Brings the screen back where it was scrolled once it has room to, or once the wait is over. */
function restoreScroll(scroller: HTMLElement, { restore, entries }: ScreenRefs) {
  const wanted = restore.current;
  if (!wanted) return;
  const room = scroller.scrollHeight - scroller.clientHeight;
  if (room >= wanted.top || Date.now() >= wanted.until) {
    scroller.scrollTop = wanted.top;
    restore.current = null;
    entries.saveScroll(scroller.scrollTop);
  }
}

/** Focus goes to a screen's heading, unless the screen put it somewhere of its own (the search box, a dialog it opened). */
function focusArrivedScreen(holder: HTMLElement, scroller: HTMLElement, heading: HTMLElement | null) {
  const active = document.activeElement;
  const placed =
    active !== null &&
    active !== holder &&
    (holder.contains(active) || active.closest('[role="dialog"], [role="alertdialog"]') !== null);
  if (placed) return;
  const target = heading ?? scroller;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

interface ScreenListeners {
  changed: () => void;
  scroll: () => void;
  push: () => void;
  replace: () => void;
  pop: () => void;
  /** The reader moving the screen themselves. */
  interrupt: () => void;
}

/** Listens to the screen's changes, its scrolling, the reader's input and the history; returns the way to stop. */
function listenToScreen(scroller: HTMLElement, holder: HTMLElement, on: ScreenListeners): () => void {
  const observer = new MutationObserver(on.changed);
  observer.observe(holder, { childList: true, subtree: true, characterData: true });
  scroller.addEventListener('scroll', on.scroll, { passive: true });
  const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
  for (const type of inputs) scroller.addEventListener(type, on.interrupt, { passive: true });
  window.addEventListener('pushState', on.push);
  window.addEventListener('replaceState', on.replace);
  window.addEventListener('popstate', on.pop);
  return () => {
    observer.disconnect();
    scroller.removeEventListener('scroll', on.scroll);
    for (const type of inputs) scroller.removeEventListener(type, on.interrupt);
    window.removeEventListener('pushState', on.push);
    window.removeEventListener('replaceState', on.replace);
    window.removeEventListener('popstate', on.pop);
  };
}

/**
 * Keeps the screen in `holder` titled, scrolled where it belongs, focused and announced as it renders
 * and as the history moves; returns the way to stop.
 */
function watchScreen(scroller: HTMLElement, holder: HTMLElement, refs: ScreenRefs): () => void {
  const { entries, restore, arrived } = refs;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let announceTimer: ReturnType<typeof setTimeout> | undefined;
  const sync = () => refs.setArrows({ canGoBack: entries.canGoBack, canGoForward: entries.canGoForward });
  const saveScroll = () => {
    if (!restore.current) entries.saveScroll(scroller.scrollTop);
  };

  const run = () => {
    frame = 0;
    const heading = screenHeading(holder);
    const label = screenLabel(window.location.pathname, heading?.textContent ?? null);
    const title = documentTitle(refs.playingNow.current ?? label);
    if (document.title !== title) document.title = title;
    if (!screenReady(holder)) return;
    restoreScroll(scroller, refs);
    if (!arrived.current) return;
    arrived.current = false;
    focusArrivedScreen(holder, scroller, heading);
    // Emptied first, so that the same name said twice in a row is said again.
    refs.setAnnouncement('');
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => refs.setAnnouncement(label), 100);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(run);
  };
  refs.check.current = schedule;

  const stop = listenToScreen(scroller, holder, {
    changed: schedule,
    scroll: saveScroll,
    push: () => {
      // Saves where the screen is left, before a new screen replaces it.
      saveScroll();
      entries.pushed();
      restore.current = null;
      scroller.scrollTo({ top: 0 });
      sync();
    },
    replace: () => entries.replaced(),
    pop: () => {
      // No saving of the screen left here: the browser may have rendered the next screen already (it runs
      // the router's update between listeners), so the position is the next screen's. The one it left was
      // saved as it scrolled.
      if (!entries.popped()) {
        // A #fragment of this screen: it stays where the browser puts it.
        sync();
        return;
      }
      restore.current = { top: entries.savedScroll(), until: Date.now() + restoreWithin };
      clearTimeout(timer);
      // Gives up waiting at the deadline even if nothing on the screen changes by then.
      timer = setTimeout(schedule, restoreWithin + 50);
      schedule();
      sync();
    },
    // The reader moving the screen themselves wins over a restore still waiting.
    interrupt: () => {
      if (restore.current) {
        restore.current = null;
        entries.saveScroll(scroller.scrollTop);
      }
    },
  });
  schedule();
  return () => {
    stop();
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(announceTimer);
  };
}

/**
 * The shell's part in moving between screens, as a page load would do it and better:
 * - a new screen starts at its top; Back and Forward bring a screen back where it was scrolled, once
 *   its content is there to scroll;
 * - the tab's title names the screen and what it shows, or, while something plays, what plays
 *   (`playing`: "Song • Artist"), as Spotify's does; the announcement still names the screen;
 * - on moving to another screen, focus goes to its heading (unless the screen put it somewhere itself,
 *   as the search box does) and the screen's name is announced;
 * - Back and Forward say whether they lead anywhere within the app.
 *
 * `main` is the element that scrolls; `screen` holds the screen itself; `location` is the path shown (a
 * change of it is a move to another screen); `playing` names what plays, null while nothing does or it is
 * paused.
 */
export function useScreenNavigation(
  main: RefObject<HTMLElement | null>,
  screen: RefObject<HTMLElement | null>,
  location: string,
  playing: string | null = null,
): ScreenNavigation {
  const [entries] = useState(() => new HistoryEntries(window.history, window.sessionStorage));
  const [arrows, setArrows] = useState({ canGoBack: entries.canGoBack, canGoForward: entries.canGoForward });
  const [announcement, setAnnouncement] = useState('');
  const restore = useRef<Restore | null>(null);
  // Set on moving to another screen (not on the first one): its arrival is to be announced.
  const arrived = useRef(false);
  const check = useRef<() => void>(() => undefined);
  const playingNow = useRef(playing);

  useEffect(() => {
    const scroller = main.current;
    const holder = screen.current;
    if (!scroller || !holder) return;
    return watchScreen(scroller, holder, {
      entries,
      restore,
      arrived,
      playingNow,
      check,
      setArrows,
      setAnnouncement,
    });
  }, [entries, main, screen]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else arrived.current = true;
    check.current();
  }, [location]);

  useEffect(() => {
    playingNow.current = playing;
    check.current();
  }, [playing]);

  return { ...arrows, announcement };
}
