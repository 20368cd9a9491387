import { Fragment } from 'react';
import { Link } from 'wouter';

/** Enough of a track or an episode to credit who is behind it. */
export type CreditedItem =
  | { __typename: 'Track'; artists: readonly { id: string; name: string }[] }
  | { __typename: 'Episode'; show: { id: string; name: string } };

// On a phone a thumb's height: padding above and below the line, which the line does not make room for.
const linkClass = 'hover:text-white hover:underline max-sm:py-3.5';

/**
 * A link alone on its line (one artist, a show, an album's name): on a phone a thumb's width too, however short the
 * name, and cut short with an ellipsis where the line is too narrow for it. Names in a run with commas are words of a
 * line of text instead, each as wide as it reads.
 */
export const soleLinkClass = `${linkClass} max-sm:-my-3.5 max-sm:inline-block max-sm:max-w-full max-sm:min-w-11 max-sm:truncate max-sm:align-top`;

/** Who is behind an item, as links: a track's artists, separated by commas, or an episode's show. */
export function ItemCredits({ item }: { item: CreditedItem }) {
  if (item.__typename === 'Episode') {
    return (
      <Link to={`/show/${item.show.id}`} className={soleLinkClass}>
        {item.show.name}
      </Link>
    );
  }
  const [sole, ...others] = item.artists;
  if (sole && others.length === 0) {
    return (
      <Link to={`/artist/${sole.id}`} className={soleLinkClass}>
        {sole.name}
      </Link>
    );
  }
  return item.artists.map((artist, index) => (
    <Fragment key={artist.id}>
      {index > 0 && ', '}
      <Link to={`/artist/${artist.id}`} className={linkClass}>
        {artist.name}
      </Link>
    </Fragment>
  ));
}
