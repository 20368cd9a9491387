import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchDelayMs, useDebouncedQuery } from './useDebouncedQuery';

/** The hook as the screen uses it: the committed query lives outside (in the address). */
function setup(initial = '') {
  let committed = initial;
  const onCommit = vi.fn((query: string) => {
    committed = query;
  });
  const hook = renderHook(({ query }: { query: string }) => useDebouncedQuery(query, onCommit), {
    initialProps: { query: initial },
  });
  /** The address follows a commit, as navigation makes it. */
  const follow = () => hook.rerender({ query: committed });
  return { hook, onCommit, follow };
}

describe('the search box, debounced', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once typing pauses, not at every key', () => {
    const { hook, onCommit } = setup();
    for (const text of ['l', 'lo', 'lov', 'love']) {
      act(() => {
        hook.result.current.setText(text);
      });
      act(() => {
        vi.advanceTimersByTime(searchDelayMs - 50);
      });
    }
    expect(onCommit).not.toHaveBeenCalled();
    expect(hook.result.current.text).toBe('love');
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('love');
  });

  it('does not search again for spaces that change nothing', () => {
    const { hook, onCommit, follow } = setup('love');
    act(() => {
      hook.result.current.setText('love ');
    });
    act(() => {
      vi.advanceTimersByTime(searchDelayMs * 2);
    });
    expect(onCommit).not.toHaveBeenCalled();
    // The box keeps what was typed, trailing space and all.
    follow();
    expect(hook.result.current.text).toBe('love ');
  });

  it('keeps what is typed when the address catches up with it', () => {
    const { hook, onCommit, follow } = setup();
    act(() => {
      hook.result.current.setText('blue  moon');
    });
    act(() => {
      vi.advanceTimersByTime(searchDelayMs);
    });
    expect(onCommit).toHaveBeenCalledWith('blue moon');
    follow();
    expect(hook.result.current.text).toBe('blue  moon');
  });

  it('shows the query of the address when it changes by itself (back, a link)', () => {
    const { hook, onCommit } = setup('love');
    hook.rerender({ query: 'jazz' });
    expect(hook.result.current.text).toBe('jazz');
    act(() => {
      vi.advanceTimersByTime(searchDelayMs * 2);
    });
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('searches at once on Enter or when cleared', () => {
    const { hook, onCommit, follow } = setup();
    act(() => {
      hook.result.current.setText('rock');
    });
    act(() => {
      hook.result.current.commitNow();
    });
    expect(onCommit).toHaveBeenLastCalledWith('rock');
    follow();
    act(() => {
      hook.result.current.commitNow('');
    });
    expect(hook.result.current.text).toBe('');
    expect(onCommit).toHaveBeenLastCalledWith('');
    follow();
    act(() => {
      vi.advanceTimersByTime(searchDelayMs * 2);
    });
    expect(onCommit).toHaveBeenCalledTimes(2);
  });
});
