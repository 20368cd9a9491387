import { ArrowPathIcon, ExclamationTriangleIcon, SignalSlashIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { unreachableOf } from '../connection';
import { errorCodeOf, friendlyMessage, messageForCode } from '../lib/errors';
import { useUnreachable } from './ConnectionBanner';

/** A grey block in the shape of content that is on its way. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-neutral-800/80 ${className}`} />;
}

/** Announces loading to assistive technology while skeletons show. */
export function LoadingScreen({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** Skeletons of a page header and a list of rows. */
export function PageSkeleton({ label = 'Loading…', rows = 8 }: { label?: string; rows?: number }) {
  return (
    <LoadingScreen label={label}>
      <div className="flex items-end gap-6 p-6">
        <Skeleton className="size-40 sm:size-48" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="space-y-3 px-6">
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    </LoadingScreen>
  );
}

interface ErrorStateProps {
  error: unknown;
  /** What the screen was doing, in words: "load this album". */
  doing?: string;
  retry?: () => void;
  /** The level of its heading: 1 where the error stands for the whole screen, else 2 (a part of a screen). */
  level?: 1 | 2;
}

/**
 * An error in plain words, with a retry where retrying can help. A screen whose item is missing
 * without any error (the api answered it as absent, perhaps from the cache) shows not-found.
 */
export function ErrorState({ error, doing = 'load this page', retry, level = 2 }: ErrorStateProps) {
  const unreachable = useUnreachable();
  const code = error ? errorCodeOf(error) : 'NOT_FOUND';
  const Heading = level === 1 ? 'h1' : 'h2';
  // An outage has one message, the banner's; the screen only says it waits, and loads when the answers are back.
  // Nothing missing is known to be missing then either: another screen's failed answer may have emptied this one's.
  if (unreachable && (!error || unreachableOf(error))) {
    return (
      <div
        data-error-state
        className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center text-neutral-400"
      >
        <SignalSlashIcon aria-hidden="true" className="size-10" />
        <Heading className="text-lg font-semibold text-neutral-200">Waiting for the connection</Heading>
        <p>This loads by itself as soon as the answers are back.</p>
      </div>
    );
  }
  if (code === 'NOT_FOUND') {
    return (
      <EmptyState
        title="Not found"
        level={level}
        action={
          <Link
            to="/"
            className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
          >
            Go home
          </Link>
        }
      >
        {messageForCode(code, doing, error)}
      </EmptyState>
    );
  }
  const retryable = code !== 'FORBIDDEN' && code !== 'FEATURE_UNAVAILABLE' && code !== 'BAD_USER_INPUT';
  return (
    <div
      role="alert"
      data-error-state
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center"
    >
      <ExclamationTriangleIcon aria-hidden="true" className="size-10 text-amber-400" />
      <Heading className="text-lg font-semibold">We could not {doing}.</Heading>
      <p className="text-neutral-300">{friendlyMessage(error, doing)}</p>
      {code === 'UNAUTHENTICATED' ? (
        <a
          href={`/auth/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`}
          className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
        >
          Sign in again
        </a>
      ) : (
        retry &&
        retryable && (
          <button
            type="button"
            onClick={retry}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
          >
            <ArrowPathIcon aria-hidden="true" className="size-5" />
            Try again
          </button>
        )
      )}
    </div>
  );
}

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  /** The next step: a link or a button. */
  action?: ReactNode;
  icon?: ReactNode;
  /** 1 where the state is the whole screen (a page that is not there), else 2: a part of a screen. */
  level?: 1 | 2;
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, children, action, icon, level = 2 }: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center">
      {icon}
      <Heading className="text-xl font-bold">{title}</Heading>
      {children && <p className="text-neutral-300">{children}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
