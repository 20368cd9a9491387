import { useCreatePlaylist } from '../playlists/useCreatePlaylist';
import { CreatePlaylistLook } from './Sidebar';

/** Creates a new playlist and opens it. */
export default function CreatePlaylistButton() {
  const createPlaylist = useCreatePlaylist();
  return <CreatePlaylistLook onClick={() => void createPlaylist()} />;
}
