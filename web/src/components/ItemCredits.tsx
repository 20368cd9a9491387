import { Link } from 'wouter';

/** Enough of a track or an episode to credit who is behind it. */
export type CreditedItem =
  | { __typename: 'Track'; artists: readonly { id: string; name: string }[] }
  | { __typename: 'Episode'; show: { id: string; name: string } };

// On a phone a thumb's height: padding above and below the line, which the line does not make room for.
const linkClass = 'hover:text-white hover:underline max-sm:py-3.5';

/** Who is behind an item, as links: a track's artists, separated by commas, or an episode's show. */
export function ItemCredits({ item }: { item: CreditedItem }) {
  if (item.__typename === 'Episode') {
    return (
      <Link to={`/show/${item.show.id}`} className={linkClass}>
        {item.show.name}
      </Link>
    );
  }
  return item.artists.map((artist, index) => (
    <span key={artist.id}>
      {index > 0 && ', '}
      <Link to={`/artist/${artist.id}`} className={linkClass}>
        {artist.name}
      </Link>
    </span>
  ));
}
