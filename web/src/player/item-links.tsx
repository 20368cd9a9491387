import { Link } from 'wouter';
import type { PlayingItem } from './context';

/** Where an item's title leads: a track's album, an episode's own page. */
export function itemLink(item: PlayingItem): string {
  return item.__typename === 'Track' ? `/album/${item.album.id}` : `/episode/${item.id}`;
}

/** The people behind an item, as links: a track's artists, an episode's show. */
export function ItemByline({ item, className = '' }: { item: PlayingItem; className?: string }) {
  return (
    <p className={`truncate ${className}`}>
      {item.__typename === 'Track' ? (
        item.artists.map((artist, index) => (
          <span key={artist.id}>
            {index > 0 && ', '}
            <Link to={`/artist/${artist.id}`} className="hover:text-white hover:underline">
              {artist.name}
            </Link>
          </span>
        ))
      ) : (
        <Link to={`/show/${item.show.id}`} className="hover:text-white hover:underline">
          {item.show.name}
        </Link>
      )}
    </p>
  );
}
