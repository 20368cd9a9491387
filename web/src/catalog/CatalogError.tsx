import { Link } from 'wouter';
import { EmptyState, ErrorState } from '../components/States';
import { errorCodeOf } from '../lib/errors';

interface CatalogErrorProps {
  error: unknown;
  /** What the screen shows: "album", "artist", "show", "episode". */
  kind: string;
  retry: () => void;
}

/**
 * Why an album, artist, show or episode could not be shown. An id that names nothing, or that is
 * not an id at all (a mistyped link), gets the plain not-found state; anything else can be retried.
 */
export function CatalogError({ error, kind, retry }: CatalogErrorProps) {
  // No error at all: the api answered the item as absent (perhaps from the cache).
  const code = error ? errorCodeOf(error) : 'NOT_FOUND';
  if (code === 'NOT_FOUND' || code === 'BAD_USER_INPUT') {
    return (
      <EmptyState
        title="Not found"
        level={1}
        action={
          <Link
            to="/search"
            className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
          >
            Search instead
          </Link>
        }
      >
        {`We could not find that ${kind}. It may have been removed, or the link may be mistyped.`}
      </EmptyState>
    );
  }
  return <ErrorState error={error} doing={`load this ${kind}`} retry={retry} level={1} />;
}
