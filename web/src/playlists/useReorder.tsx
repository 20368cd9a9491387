import { Bars2Icon } from '@heroicons/react/20/solid';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { moveItem } from '../library/connections';

interface Lift {
  key: string;
  from: number;
  to: number;
  via: 'pointer' | 'keyboard';
}

interface ReorderOptions<Row> {
  rows: readonly Row[];
  keyOf: (row: Row) => string;
  nameOf: (row: Row) => string;
  /** Moves the row at `from` so that it ends at `to`. */
  onMove: (from: number, to: number, row: Row) => void;
}

export interface Reorder<Row> {
  /** The rows in the order to show: while one is carried, where it would land. */
  rows: readonly Row[];
  /** The key of the row being carried, if one is. */
  carried: string | null;
  /** The drag handle of a row (its position in `rows` as shown). */
  handle: (row: Row) => ReactNode;
  /** What happened, for screen readers: render once, anywhere on the page. */
  announcer: ReactNode;
}

export const reorderHelpId = 'reorder-help';

const handleId = (key: string) => `reorder-${key}`;

/**
 * Reorders a list by dragging a row's handle (mouse, pen or finger) or from the keyboard: Space or
 * Enter picks the row up, the arrow keys carry it, Space or Enter drops it and Escape puts it back.
 * Every step is announced to screen readers. The list shows where the row would land as it moves;
 * only the drop changes anything (`onMove`, once).
 */
export function useReorder<Row>({ rows, keyOf, nameOf, onMove }: ReorderOptions<Row>): Reorder<Row> {
  const [lift, setLift] = useState<Lift | null>(null);
  const [message, setMessage] = useState('');
  // The pointer's events arrive faster than renders: the drag's latest state lives here too.
  const dragging = useRef<Lift | null>(null);

  // A carried row that the list lost or moved meanwhile (it changed under it) is let go.
  const active = lift && lift.from < rows.length && keyOf(rows[lift.from] as Row) === lift.key ? lift : null;
  const shown = active ? moveItem(rows, active.from, active.to) : rows;
  const count = rows.length;

  // Keyboard moves keep the focus on the carried row's handle, wherever the row goes.
  useEffect(() => {
    if (active?.via !== 'keyboard') return;
    const element = document.getElementById(handleId(active.key));
    if (element && document.activeElement !== element) element.focus();
    element?.scrollIntoView({ block: 'nearest' });
  }, [active?.via, active?.key, active?.to]);

  const drop = (current: Lift) => {
    const row = rows[current.from];
    setLift(null);
    dragging.current = null;
    if (row === undefined) return;
    const name = nameOf(row);
    if (current.to === current.from) {
      setMessage(`${name} dropped back at position ${String(current.from + 1)} of ${String(count)}.`);
      return;
    }
    setMessage(`${name} moved to position ${String(current.to + 1)} of ${String(count)}.`);
    onMove(current.from, current.to, row);
  };

  const cancel = (current: Lift) => {
    setLift(null);
    dragging.current = null;
    const row = rows[current.from];
    if (row !== undefined) {
      setMessage(`Move cancelled. ${nameOf(row)} is back at position ${String(current.from + 1)} of ${String(count)}.`);
    }
  };

  const handle = (row: Row) => {
    const key = keyOf(row);
    const index = rows.findIndex((candidate) => keyOf(candidate) === key);
    const carried = active?.key === key;
    const name = nameOf(row);

    const onClick = (event: { detail: number }) => {
      // Mouse and touch drags are the pointer's; a click with no pointer is a key or an assistive tool.
      if (event.detail !== 0 || index < 0) return;
      if (carried) {
        drop(active);
        return;
      }
      setLift({ key, from: index, to: index, via: 'keyboard' });
      setMessage(
        `Picked up ${name}, position ${String(index + 1)} of ${String(count)}. Press the up and down arrow keys to move it, Space to drop it, Escape to cancel.`,
      );
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (!carried || active.via !== 'keyboard') return;
      const steps: Record<string, number> = {
        ArrowUp: active.to - 1,
        ArrowDown: active.to + 1,
        Home: 0,
        End: count - 1,
      };
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        cancel(active);
        return;
      }
      const target = steps[event.key];
      if (target === undefined) return;
      event.preventDefault();
      const to = Math.max(0, Math.min(count - 1, target));
      if (to === active.to) return;
      setLift({ ...active, to });
      setMessage(`${name}, position ${String(to + 1)} of ${String(count)}.`);
    };

    // The drag follows the pointer on the window, not on the handle: the carried row moves in the
    // page as the list shows where it would land, and an element that moves loses its pointer capture.
    const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
      if (!event.isPrimary || event.button !== 0 || index < 0) return;
      event.preventDefault();
      const item = event.currentTarget.closest('li');
      const list = item?.parentElement;
      if (!item || !list) return;
      const pointer = event.pointerId;
      const started: Lift = { key, from: index, to: index, via: 'pointer' };
      dragging.current = started;
      setLift(started);
      setMessage(`Picked up ${name}.`);

      const onMove = (moved: globalThis.PointerEvent) => {
        const current = dragging.current;
        if (moved.pointerId !== pointer || current?.key !== key) return;
        moved.preventDefault();
        // The row lands after every other row whose middle is above the pointer.
        const to = Array.from(list.children).filter((element) => {
          if (element === item) return false;
          const box = element.getBoundingClientRect();
          return box.top + box.height / 2 < moved.clientY;
        }).length;
        scrollNearEdges(moved.clientY);
        if (to !== current.to) {
          dragging.current = { ...current, to };
          setLift(dragging.current);
        }
      };
      const finish = (ended: globalThis.PointerEvent) => {
        if (ended.pointerId !== pointer) return;
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', finish);
        window.removeEventListener('pointercancel', finish);
        const current = dragging.current;
        if (current?.key !== key) return;
        if (ended.type === 'pointerup') drop(current);
        else cancel(current);
      };
      window.addEventListener('pointermove', onMove, { passive: false });
      window.addEventListener('pointerup', finish);
      window.addEventListener('pointercancel', finish);
    };

    return (
      <button
        type="button"
        id={handleId(key)}
        aria-label={`Reorder ${name}`}
        aria-describedby={reorderHelpId}
        aria-pressed={carried}
        title="Drag to reorder, or press Space and use the arrow keys"
        onClick={onClick}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // Focus that leaves for another element (not a move of this row) lets the row go.
          if (carried && active.via === 'keyboard' && event.relatedTarget) cancel(active);
        }}
        onPointerDown={onPointerDown}
        className={`inline-flex min-h-11 min-w-11 cursor-grab touch-none items-center justify-center rounded p-1 text-neutral-400 select-none sm:min-h-0 sm:min-w-0 hover:text-white active:cursor-grabbing aria-pressed:bg-accent aria-pressed:text-black`}
      >
        <Bars2Icon aria-hidden="true" className="size-5" />
      </button>
    );
  };

  const announcer = (
    <>
      <p id={reorderHelpId} className="sr-only">
        Drag the handle to reorder, or press Space or Enter to pick the item up, the up and down arrow keys to move it,
        Space or Enter to drop it, and Escape to cancel.
      </p>
      <p aria-live="assertive" className="sr-only">
        {message}
      </p>
    </>
  );

  return { rows: shown, carried: active?.key ?? null, handle, announcer };
}

/** Scrolls the screen while a dragged row nears its top or bottom edge. */
function scrollNearEdges(y: number): void {
  const scroller = document.getElementById('main');
  if (!scroller) return;
  const box = scroller.getBoundingClientRect();
  const edge = 72;
  if (y > box.bottom - edge) scroller.scrollBy({ top: 16 });
  else if (y < box.top + edge + 48) scroller.scrollBy({ top: -16 });
}
