-- Cover images that owners upload for their playlists (PUT /playlists/{id}/images): a JPEG of
-- at most 256 KB, kept as the base64 text it arrives in, with its size in pixels and a digest
-- that names this version of the cover in its URL.
CREATE TABLE playlist_covers (
  playlist_id text PRIMARY KEY REFERENCES playlists (id) ON DELETE CASCADE,
  jpeg_base64 text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  digest text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
