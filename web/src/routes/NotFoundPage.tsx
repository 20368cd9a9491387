import { Link } from 'wouter';
import { EmptyState } from '../components/States';

/** A path that names no screen. */
export default function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      level={1}
      action={
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
        >
          Go home
        </Link>
      }
    >
      That page does not exist. It may have moved, or the link may be mistyped.
    </EmptyState>
  );
}
