import { Bars2Icon } from '@heroicons/react/20/solid';
import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
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
 * Where a key carries a row at `to` in a list of `count`: up, down, to the top or the bottom; undefined
 * for any other key.
 */
export function keyboardStep(key: string, to: number, count: number): number | undefined {
  const steps: Record<string, number> = { ArrowUp: to - 1, ArrowDown: to + 1, Home: 0, End: count - 1 };
  const target = steps[key];
  return target === undefined ? undefined : Math.max(0, Math.min(count - 1, target));
}

/** Where a dragged row lands: after every other row of the list whose middle is above the pointer. */
function landingIndex(list: Element, item: Element, clientY: number): number {
  return Array.from(list.children).filter((element) => {
    if (element === item) return false;
    const box = element.getBoundingClientRect();
    return box.top + box.height / 2 < clientY;
  }).length;
}

interface PointerDrag {
  pointer: number;
  list: Element;
  item: Element;
  key: string;
  dragging: RefObject<Lift | null>;
  setLift: (lift: Lift) => void;
  drop: (lift: Lift) => void;
  cancel: (lift: Lift) => void;
}

/**
 * Follows a drag on the window, not on the handle: the carried row moves in the page as the list shows
 * where it would land, and an element that moves loses its pointer capture. Up drops it; a cancel puts it back.
 */
function followPointer({ pointer, list, item, key, dragging, setLift, drop, cancel }: PointerDrag): void {
  const onMove = (moved: globalThis.PointerEvent) => {
    const current = dragging.current;
    if (moved.pointerId !== pointer || current?.key !== key) return;
    moved.preventDefault();
    const to = landingIndex(list, item, moved.clientY);
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
}

interface HandleButtonProps {
  rowKey: string;
  name: string;
  carried: boolean;
  onClick: (event: { detail: number }) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onBlur: (event: FocusEvent) => void;
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
}

/** A row's drag handle, pressed while its row is carried. */
function HandleButton({ rowKey, name, carried, ...on }: HandleButtonProps) {
  return (
    <button
      type="button"
      id={handleId(rowKey)}
      aria-label={`Reorder ${name}`}
      aria-describedby={reorderHelpId}
      aria-pressed={carried}
      title="Drag to reorder, or press Space and use the arrow keys"
      {...on}
      className={`inline-flex min-h-11 min-w-11 cursor-grab touch-none items-center justify-center rounded p-1 text-neutral-400 select-none sm:min-h-0 sm:min-w-0 hover:text-white active:cursor-grabbing aria-pressed:bg-accent aria-pressed:text-black`}
    >
      <Bars2Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

/** How to reorder, and what happened: for screen readers. */
function ReorderAnnouncer({ message }: { message: string }) {
  return (
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
}

interface LiftEndingsOptions<Row> extends Pick<ReorderOptions<Row>, 'rows' | 'nameOf' | 'onMove'> {
  setLift: (lift: Lift | null) => void;
  /** The drag's latest state, let go with the lift. */
  dragging: RefObject<Lift | null>;
  /** Announces what happened. */
  say: (message: string) => void;
}

/** The two ends of a lift, each announced: a drop (which moves the row, once, if it left its place) and a cancel. */
function useLiftEndings<Row>({ rows, nameOf, onMove, setLift, dragging, say }: LiftEndingsOptions<Row>) {
  const count = rows.length;
  const end = () => {
    setLift(null);
    dragging.current = null;
  };
  const drop = (current: Lift) => {
    const row = rows[current.from];
    end();
    if (row === undefined) return;
    const name = nameOf(row);
    if (current.to === current.from) {
      say(`${name} dropped back at position ${String(current.from + 1)} of ${String(count)}.`);
      return;
    }
    say(`${name} moved to position ${String(current.to + 1)} of ${String(count)}.`);
    onMove(current.from, current.to, row);
  };
  const cancel = (current: Lift) => {
    end();
    const row = rows[current.from];
    if (row !== undefined) {
      say(`Move cancelled. ${nameOf(row)} is back at position ${String(current.from + 1)} of ${String(count)}.`);
    }
  };
  return { drop, cancel };
}

/** Said when a row is picked up from the keyboard: where it is, and how to carry it. */
function pickedUpMessage(name: string, index: number, count: number): string {
  return `Picked up ${name}, position ${String(index + 1)} of ${String(count)}. Press the up and down arrow keys to move it, Space to drop it, Escape to cancel.`;
}

/** Keyboard moves keep the focus on the carried row's handle, wherever the row goes. */
function useFocusCarried(active: Lift | null) {
  useEffect(() => {
    if (active?.via !== 'keyboard') return;
    const element = document.getElementById(handleId(active.key));
    if (element && document.activeElement !== element) element.focus();
    element?.scrollIntoView({ block: 'nearest' });
  }, [active?.via, active?.key, active?.to]);
}

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
  useFocusCarried(active);

  const { drop, cancel } = useLiftEndings({ rows, nameOf, onMove, setLift, dragging, say: setMessage });

  const handle = (row: Row) => {
    const key = keyOf(row);
    const index = rows.findIndex((candidate) => keyOf(candidate) === key);
    const carried = active?.key === key;
    const name = nameOf(row);
    return (
      <HandleButton
        rowKey={key}
        name={name}
        carried={carried}
        onClick={(event) => {
          // Mouse and touch drags are the pointer's; a click with no pointer is a key or an assistive tool.
          if (event.detail !== 0 || index < 0) return;
          if (carried) {
            drop(active);
            return;
          }
          setLift({ key, from: index, to: index, via: 'keyboard' });
          setMessage(pickedUpMessage(name, index, count));
        }}
        onKeyDown={(event) => {
          if (!carried || active.via !== 'keyboard') return;
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            cancel(active);
            return;
          }
          const to = keyboardStep(event.key, active.to, count);
          if (to === undefined) return;
          event.preventDefault();
          if (to === active.to) return;
          setLift({ ...active, to });
          setMessage(`${name}, position ${String(to + 1)} of ${String(count)}.`);
        }}
        onBlur={(event) => {
          // Focus that leaves for another element (not a move of this row) lets the row go.
          if (carried && active.via === 'keyboard' && event.relatedTarget) cancel(active);
        }}
        onPointerDown={(event) => {
          if (!event.isPrimary || event.button !== 0 || index < 0) return;
          event.preventDefault();
          const item = event.currentTarget.closest('li');
          const list = item?.parentElement;
          if (!item || !list) return;
          const started: Lift = { key, from: index, to: index, via: 'pointer' };
          dragging.current = started;
          setLift(started);
          setMessage(`Picked up ${name}.`);
          followPointer({ pointer: event.pointerId, list, item, key, dragging, setLift, drop, cancel });
        }}
      />
    );
  };

  return { rows: shown, carried: active?.key ?? null, handle, announcer: <ReorderAnnouncer message={message} /> };
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
