import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsProvider, useNotify, type NoticeAction } from './Notifications';

function Says({ message, action }: { message: string; action: NoticeAction }) {
  const notify = useNotify();
  useEffect(() => notify(message, 'info', action), [notify, message, action]);
  return null;
}

describe('notifications', () => {
  it('offer a button that does its step once and takes the message away', () => {
    const onSelect = vi.fn();
    render(
      <NotificationsProvider>
        <Says
          message="Deleted Road trip"
          action={{ label: 'Undo', accessibleName: 'Undo deleting Road trip', onSelect }}
        />
      </NotificationsProvider>,
    );
    expect(screen.getByText('Deleted Road trip')).toBeTruthy();
    act(() => {
      screen.getByRole('button', { name: 'Undo deleting Road trip' }).click();
    });
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Deleted Road trip')).toBeNull();
  });

  it('leave no message waiting to go once they are gone themselves (signed out, say)', () => {
    vi.useFakeTimers();
    try {
      const view = render(
        <NotificationsProvider>
          <Says message="Saved to your library" action={{ label: 'Open', onSelect: () => undefined }} />
        </NotificationsProvider>,
      );
      expect(vi.getTimerCount()).toBe(1);
      view.unmount();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keep a message with a step on screen longer than a plain one', () => {
    vi.useFakeTimers();
    try {
      render(
        <NotificationsProvider>
          <Says message="Deleted Road trip" action={{ label: 'Undo', onSelect: () => undefined }} />
        </NotificationsProvider>,
      );
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(4000);
      });
      expect(screen.queryByText('Deleted Road trip')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('take a message away before its time when the one who showed it asks, its timer with it', () => {
    vi.useFakeTimers();
    try {
      let takeAway = (): void => undefined;
      function Offers() {
        const notify = useNotify();
        return (
          <button
            type="button"
            onClick={() => (takeAway = notify('Removed Road song.', 'info', { label: 'Undo', onSelect: vi.fn() }))}
          >
            Remove
          </button>
        );
      }
      render(
        <NotificationsProvider>
          <Offers />
          <Says message="Added to Road trip" action={{ label: 'Open', onSelect: () => undefined }} />
        </NotificationsProvider>,
      );
      act(() => {
        screen.getByRole('button', { name: 'Remove' }).click();
      });
      expect(screen.getByText('Removed Road song.')).toBeTruthy();
      expect(vi.getTimerCount()).toBe(2);
      act(() => takeAway());
      expect(screen.queryByText('Removed Road song.')).toBeNull();
      expect(screen.getByText('Added to Road trip')).toBeTruthy();
      expect(vi.getTimerCount()).toBe(1);
      // Asked again once gone, it takes nothing else with it.
      act(() => takeAway());
      expect(screen.getByText('Added to Road trip')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
