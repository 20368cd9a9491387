import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, prefetchLater, prefetchWidgets } from './deferred';

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
  it('passes a click on the look-alike to the widget once it has arrived', async () => {
    const onOpen = vi.fn();
    const { Widget, arrive } = controlledWidget(onOpen);
    render(<Widget />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(onOpen).not.toHaveBeenCalled();
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
