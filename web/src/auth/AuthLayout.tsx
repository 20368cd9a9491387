import { MusicalNoteIcon } from '@heroicons/react/24/solid';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The frame of the sign-in pages: the name, and one card in the middle. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-neutral-800 to-neutral-950 px-4 py-10">
      <header className="mb-8">
        <Link to="/" className="flex items-center gap-2 text-2xl font-bold">
          <MusicalNoteIcon aria-hidden="true" className="size-8 text-accent" />
          Graphonic
        </Link>
      </header>
      <main className="w-full max-w-md rounded-xl bg-neutral-900 p-8 text-center shadow-2xl">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <div className="mt-6 space-y-6">{children}</div>
      </main>
    </div>
  );
}

/** A safe place to come back to after sign-in: a path of this site, never another site. */
export function safeReturnTo(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
