import { XMarkIcon } from '@heroicons/react/20/solid';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { isOutage } from '../connection';
import { useConnectionSource } from './ConnectionBanner';

export type Tone = 'info' | 'error';

/** A next step offered with a message: a link ("Choose a device") or a button ("Undo"). */
export type NoticeAction =
  | {
      label: string;
      /** The app path it leads to. */
      to: string;
    }
  | {
      label: string;
      /** What the button does; the message goes with it. */
      onSelect: () => void;
      /** Its name for screen readers when the label alone says too little: "Undo deleting Road trip". */
      accessibleName?: string;
    };

interface Notice {
  id: number;
  message: string;
  tone: Tone;
  action?: NoticeAction;
}

/** Shows a message; what it gives back takes that message away before its time (a step it offers has lapsed). */
type Notify = (message: string, tone?: Tone, action?: NoticeAction) => () => void;

const nothingToTakeAway = () => undefined;
const NotifyContext = createContext<Notify>(() => nothingToTakeAway);

/** Short messages at the bottom of the screen: what just happened, or why it could not. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const next = useRef(0);
  const connection = useConnectionSource();
  // Each message's time on screen; they end with the provider (on signing out, say), with nothing left to update.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);

  const notify = useCallback<Notify>(
    (message, tone = 'info', action) => {
      // In an outage every failure has the same cause, which the connection banner already says: one message.
      if (tone === 'error' && connection && isOutage(connection.get())) return nothingToTakeAway;
      next.current += 1;
      const id = next.current;
      // The same message twice in a row shows once.
      setNotices((current) =>
        [...current.filter((notice) => notice.message !== message), { id, message, tone, action }].slice(-3),
      );
      // A message that offers a step stays longer: there is something to do with it.
      const timer = setTimeout(
        () => {
          timers.current.delete(timer);
          dismiss(id);
        },
        (tone === 'error' ? 7000 : 4000) + (action ? 4000 : 0),
      );
      timers.current.add(timer);
      return () => {
        clearTimeout(timer);
        timers.current.delete(timer);
        dismiss(id);
      };
    },
    [dismiss, connection],
  );

  // Once the banner speaks for an outage, the failures said before it are said by it.
  useEffect(
    () =>
      connection?.subscribe(() => {
        if (isOutage(connection.get())) setNotices((current) => current.filter((notice) => notice.tone !== 'error'));
      }),
    [connection],
  );

  const value = useMemo(() => notify, [notify]);

  return (
    <NotifyContext value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-36 z-50 flex flex-col items-center gap-2 px-4 md:bottom-28">
        {/* Polite for news, assertive for failures: screen readers announce both. */}
        <div aria-live="polite" className="contents">
          {notices
            .filter((notice) => notice.tone === 'info')
            .map((notice) => (
              <Toast key={notice.id} notice={notice} onDismiss={dismiss} />
            ))}
        </div>
        <div role="alert" className="contents">
          {notices
            .filter((notice) => notice.tone === 'error')
            .map((notice) => (
              <Toast key={notice.id} notice={notice} onDismiss={dismiss} />
            ))}
        </div>
      </div>
    </NotifyContext>
  );
}

const actionClass = 'shrink-0 font-semibold whitespace-nowrap underline underline-offset-2';

function Toast({ notice, onDismiss }: { notice: Notice; onDismiss: (id: number) => void }) {
  return (
    <div
      className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-lg px-4 py-3 text-sm font-medium shadow-lg ${
        notice.tone === 'error' ? 'bg-red-600 text-white' : 'bg-sky-600 text-white'
      }`}
    >
      <span>{notice.message}</span>
      {notice.action &&
        ('to' in notice.action ? (
          <Link to={notice.action.to} onClick={() => onDismiss(notice.id)} className={actionClass}>
            {notice.action.label}
          </Link>
        ) : (
          <button
            type="button"
            aria-label={notice.action.accessibleName}
            onClick={() => {
              onDismiss(notice.id);
              if (notice.action && 'onSelect' in notice.action) notice.action.onSelect();
            }}
            className={`${actionClass} rounded px-1 hover:bg-white/20`}
          >
            {notice.action.label}
          </button>
        ))}
      <button
        type="button"
        onClick={() => onDismiss(notice.id)}
        className="rounded-full p-1 hover:bg-white/20"
        aria-label="Dismiss"
      >
        <XMarkIcon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** Shows a short message to the listener. */
export function useNotify(): Notify {
  return use(NotifyContext);
}
