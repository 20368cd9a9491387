import { getApolloContext } from '@apollo/client/react';
import { SignalSlashIcon } from '@heroicons/react/24/outline';
import { use, useSyncExternalStore } from 'react';
import { connectionOf, isOutage, type Connection, type ConnectionState, type Unreachable } from '../connection';

const connected: ConnectionState = { kind: 'ok' };
const always = () => connected;
const noSubscription = () => () => undefined;
const nothing = () => undefined;

/** The app client's connection, if it follows one (a test's client may not). */
export function useConnectionSource(): Connection | undefined {
  return connectionOf(use(getApolloContext()).client);
}

/** The connection to Graphonic and its music service, as the app's client follows it (always fine without one). */
export function useConnection(): { state: ConnectionState; tryNow: () => void } {
  const connection = useConnectionSource();
  const state = useSyncExternalStore(connection?.subscribe ?? noSubscription, connection?.get ?? always);
  return { state, tryNow: connection?.tryNow ?? nothing };
}

/** Whether the screen cannot know what it asked for because of an outage (the banner says so). */
export function useUnreachable(): boolean {
  return isOutage(useConnection().state);
}

/** What cannot be reached, in plain words. */
export function unreachableWords(what: Unreachable): string {
  return what === 'music' ? "Can't reach the music service." : "Can't reach Graphonic. Check your connection.";
}

function Retrying({ trying, onTryNow }: { trying: boolean; onTryNow: () => void }) {
  return (
    <>
      <span>{trying ? 'Trying again…' : 'Retrying…'}</span>
      <button
        type="button"
        onClick={onTryNow}
        disabled={trying}
        className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-black hover:scale-105 disabled:opacity-60"
      >
        Try now
      </button>
    </>
  );
}

/**
 * The one message of an outage, above the screen the listener is on: what cannot be reached, that
 * Graphonic tries again by itself, and a way to try at once. Gone as soon as the answers are back.
 */
export function ConnectionBanner() {
  const { state, tryNow } = useConnection();
  // A single failure is said by what failed; the banner speaks once a try failed too.
  if (state.kind !== 'unreachable' || !isOutage(state)) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-50 flex justify-center px-4">
      <div
        role="status"
        className="pointer-events-auto flex flex-wrap items-center gap-3 rounded-lg bg-amber-300 px-4 py-2 text-sm font-medium text-black shadow-lg"
      >
        <SignalSlashIcon aria-hidden="true" className="size-5" />
        <span>{unreachableWords(state.what)}</span>
        <Retrying trying={state.trying} onTryNow={tryNow} />
      </div>
    </div>
  );
}

/**
 * A first load that met an outage: nothing is known yet, so the page says that Graphonic cannot be
 * reached (never that the listener is signed out), and comes in by itself once it can.
 */
export function UnreachablePage({ what }: { what: Unreachable }) {
  const { state, tryNow } = useConnection();
  return (
    <main className="flex h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <SignalSlashIcon aria-hidden="true" className="size-10 text-amber-300" />
      <h1 className="text-2xl font-bold">
        {what === 'music' ? 'Your music is out of reach for now' : 'Graphonic is out of reach for now'}
      </h1>
      <div role="status" className="flex flex-wrap items-center justify-center gap-3 text-neutral-200">
        <span>{unreachableWords(state.kind === 'unreachable' ? state.what : what)}</span>
        <Retrying trying={state.kind === 'unreachable' && state.trying} onTryNow={tryNow} />
      </div>
      <p className="max-w-md text-sm text-neutral-400">Graphonic opens by itself as soon as it answers.</p>
    </main>
  );
}
