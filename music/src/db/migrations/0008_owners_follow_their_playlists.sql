-- As on Spotify, an owner follows their own playlist from its creation: that is what puts it in
-- their library, and unfollowing it is how they remove (delete) it. Owners of playlists created
-- before now follow them as of the playlist's creation. Follower counts leave the owner out.
INSERT INTO followed_playlists (user_id, playlist_id, public, followed_at)
SELECT owner_id, id, public, created_at FROM playlists
ON CONFLICT (user_id, playlist_id) DO NOTHING;
