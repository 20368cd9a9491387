import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { forgetBrowserDevice } from '../player/browser-device';
import { AuthLayout } from './AuthLayout';

/** Where to go after signing out: the music service's end-session address when the api names one, else home. */
async function nextAddress(response: Response): Promise<string> {
  if (response.status !== 200) return '/';
  const body: unknown = await response.json().catch(() => null);
  const url = typeof body === 'object' && body !== null && 'endSessionUrl' in body ? body.endSessionUrl : null;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : '/';
}

/** Sign out: a confirmation that posts, then a fresh start at the landing page. */
export default function SignOutPage() {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const client = useApolloClient();
  const signOut = async () => {
    setState('working');
    try {
      // This tab stops being one of the listener's devices while it still may say so.
      await forgetBrowserDevice(client);
      const response = await fetch('/auth/logout', { method: 'POST', credentials: 'same-origin' });
      if (!response.ok) throw new Error(`Sign-out answered ${String(response.status)}`);
      // A full load: nothing of the signed-in app (its cache, its player) stays in memory. When the music
      // service offers it, the way home passes through it, to end the sign-in there too.
      window.location.assign(await nextAddress(response));
    } catch {
      setState('failed');
    }
  };
  return (
    <AuthLayout title="Sign out of Graphonic?">
      <p className="text-neutral-300">
        You will need to sign in again to use your music here. Music playing on your other devices keeps playing.
      </p>
      {state === 'failed' && (
        <p role="alert" className="rounded-md bg-red-900/60 p-3 text-sm">
          Signing out did not work. Check your connection and try again.
        </p>
      )}
      <div className="flex flex-col gap-3">
        <button
          type="button"
          disabled={state === 'working'}
          onClick={() => void signOut()}
          className="rounded-full bg-white px-6 py-3 font-bold text-black transition hover:scale-105 disabled:opacity-60"
        >
          {state === 'working' ? 'Signing out…' : 'Sign out'}
        </button>
        <Link to="/" className="rounded-full px-6 py-3 font-semibold text-neutral-300 hover:text-white">
          Stay signed in
        </Link>
      </div>
    </AuthLayout>
  );
}
