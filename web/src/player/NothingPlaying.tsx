import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../components/States';

/** Said where something would play when nothing does, with a way to find something: `children` says what to do. */
export function NothingPlaying({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <EmptyState
      title="Nothing is playing"
      icon={icon}
      action={
        <Link
          to="/search"
          className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
        >
          Find something to play
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}
