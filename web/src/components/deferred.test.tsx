import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, widgetRetryMs } from './deferred';

function controlledWidget(onOpen: () => void) {
  let arrive: () => void = () => undefined;
  const loaded = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
    arrive = () =>
      resolve({
        default: () => (
          <button type="button" onClick={onOpen}>
            Menu
          </button>
        ),
      });
  });
  const Widget = deferred<object>(
    () => loaded,
    () => <button type="button">Menu</button>,
  );
  return {
    Widget,
    arrive: () =>
      act(async () => {
        arrive();
        await loaded;
      }),
  };
}

describe('deferred', () => {
  it('keeps its look-alike when its chunk cannot be fetched, and asks again until it comes', async () => {
    vi.useFakeTimers();
    try {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      let attempts = 0;
      const Widget = deferred<object>(
        () => {
          attempts += 1;
          return attempts < 3
            ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
            : Promise.resolve({ default: () => <button type="button">Open menu</button> });
        },
        () => <button type="button">Menu</button>,
      );
      render(<Widget />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      // The failure stays with the widget: its look-alike shows, and nothing else went.
      expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
      expect(attempts).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(widgetRetryMs.first);
      });
      expect(attempts).toBe(2);
      expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(widgetRetryMs.first * 2);
      });
      expect(attempts).toBe(3);
      expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
      error.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a click on the look-alike to the widget once it has arrived', async () => {
    const onOpen = vi.fn();
    const { Widget, arrive } = controlledWidget(onOpen);
    render(<Widget />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(onOpen).not.toHaveBeenCalled();
    await arrive();
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('passes a press on the look-alike to the widget when the widget arrives before the release', async () => {
    const onOpen = vi.fn();
    const { Widget, arrive } = controlledWidget(onOpen);
    render(<Widget />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Menu' }));
    await arrive();
    // The release lands on the widget's button, which saw no press: the browser clicks nothing, and the press opens it.
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Menu' }));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('opens once for a press and its click on the look-alike', async () => {
    const onOpen = vi.fn();
    const { Widget, arrive } = controlledWidget(onOpen);
    render(<Widget />);
    const lookAlike = screen.getByRole('button', { name: 'Menu' });
    fireEvent.pointerDown(lookAlike);
    fireEvent.click(lookAlike);
    await arrive();
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('clicks nothing by itself when nobody clicked the look-alike', async () => {
    const onOpen = vi.fn();
    const { Widget, arrive } = controlledWidget(onOpen);
    render(<Widget />);
    await arrive();
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(onOpen).toHaveBeenCalledOnce();
  });
});

describe('prefetchLater', () => {
  it('fetches code registered before the first screen was idle, and code that comes with a later screen', async () => {
    // A copy of its own: once the prefetch has run, a page fetches every widget made after it, which the other
    // tests of this file, run after this one, would count as tries of their own.
    vi.resetModules();
    const { prefetchLater, prefetchWidgets } = await import('./deferred');
    vi.useFakeTimers();
    try {
      const early = vi.fn(() => Promise.resolve());
      const late = vi.fn(() => Promise.resolve());
      prefetchLater(early);
      prefetchWidgets();
      await vi.runAllTimersAsync();
      expect(early).toHaveBeenCalledOnce();
      prefetchLater(late);
      expect(late).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(late).toHaveBeenCalledOnce();
      expect(early).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
