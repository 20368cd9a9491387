import { ItemCredits } from '../components/ItemCredits';
import type { PlayingItem } from './context';

/** Where an item's title leads: a track's album, an episode's own page. */
export function itemLink(item: PlayingItem): string {
  return item.__typename === 'Track' ? `/album/${item.album.id}` : `/episode/${item.id}`;
}

/** The people behind an item, as links: a track's artists, an episode's show. */
export function ItemByline({ item, className = '' }: { item: PlayingItem; className?: string }) {
  return (
    <p className={`truncate ${className}`}>
      <ItemCredits item={item} />
    </p>
  );
}
