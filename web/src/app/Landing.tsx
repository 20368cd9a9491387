import { MusicalNoteIcon } from '@heroicons/react/24/solid';
import { Link } from 'wouter';
import type { Upstream } from './viewer';

/** What a visitor who is not signed in sees at `/`: what Graphonic is, and the way in. */
export function Landing({ upstream }: { upstream: Upstream | undefined }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-emerald-900/40 to-neutral-950 px-6 text-center">
      <MusicalNoteIcon aria-hidden="true" className="size-16 text-accent" />
      <h1 className="text-5xl font-bold tracking-tight">Graphonic</h1>
      <p className="max-w-md text-lg text-neutral-300">
        Your music in the browser, fast: your library, your playlists, and a player that follows you from device to
        device.
      </p>
      <Link
        to="/auth/signin"
        className="rounded-full bg-accent px-8 py-3 text-lg font-bold text-black transition hover:scale-105"
      >
        Sign in
      </Link>
      <p role="status" className="text-sm text-neutral-400">
        {upstream
          ? `Connected to ${upstream.name}.`
          : 'The music service cannot be reached right now. Try again in a moment.'}
      </p>
    </main>
  );
}
