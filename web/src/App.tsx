import { useQuery } from '@apollo/client/react';
import { MusicalNoteIcon } from '@heroicons/react/24/solid';
import { graphql } from './__generated__';

export const AppUpstreamQuery = graphql(`
  query AppUpstream {
    upstream {
      provider
      name
    }
  }
`);

/** The app shell: the landing page until the screens arrive. */
export function App() {
  const { data, error, loading } = useQuery(AppUpstreamQuery);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-b from-emerald-900/40 to-neutral-950 px-6 text-center">
      <MusicalNoteIcon aria-hidden="true" className="size-16 text-accent" />
      <h1 className="text-5xl font-bold tracking-tight">Graphonic</h1>
      <p className="max-w-md text-lg text-neutral-300">Your music in the browser, fast.</p>
      <p role="status" className="text-sm text-neutral-400">
        {loading && 'Connecting…'}
        {error && 'The music service cannot be reached right now. Try again in a moment.'}
        {data && `Connected to ${data.upstream.name}.`}
      </p>
    </main>
  );
}
