import { graphql, getFragmentData, type FragmentType } from '../__generated__';
import { MediaCard } from '../components/Cards';
import { yearOf } from '../lib/format';
import { albumTypeName } from './release';

/** What an album's card shows. */
export const AlbumCardFragment = graphql(`
  fragment AlbumCard_album on Album {
    id
    uri
    name
    releaseDate
    albumType
    images {
      url
      width
    }
  }
`);

/** An album as a card: its cover, its title, its year and what it is; plays on hover. */
export function AlbumCard({ album: data }: { album: FragmentType<typeof AlbumCardFragment> }) {
  const album = getFragmentData(AlbumCardFragment, data);
  return (
    <MediaCard
      to={`/album/${album.id}`}
      title={album.name}
      subtitle={`${yearOf(album.releaseDate)} · ${albumTypeName(album.albumType)}`}
      images={album.images}
      play={{ uri: album.uri, target: { contextUri: album.uri } }}
    />
  );
}
