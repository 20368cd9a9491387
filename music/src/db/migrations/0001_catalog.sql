-- The catalog: artists, albums, tracks (with their audio features), browse categories,
-- playlists and podcasts. Ids are Spotify-style base62 strings. Names carry trigram indexes
-- for typo-tolerant search.

-- In the public schema, shared by every schema that lists it in its search_path.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- What was seeded, so that a restart does not seed again.
CREATE TABLE catalog_meta (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  seed text NOT NULL,
  sizes jsonb NOT NULL,
  seeded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE artists (
  id text PRIMARY KEY,
  name text NOT NULL,
  genres text[] NOT NULL DEFAULT '{}',
  popularity integer NOT NULL CHECK (popularity BETWEEN 0 AND 100),
  followers integer NOT NULL CHECK (followers >= 0)
);
CREATE INDEX artists_name_trgm ON artists USING gin (lower(name) gin_trgm_ops);
CREATE INDEX artists_genres ON artists USING gin (genres);

CREATE TABLE albums (
  id text PRIMARY KEY,
  name text NOT NULL,
  album_type text NOT NULL CHECK (album_type IN ('album', 'single', 'compilation')),
  total_tracks integer NOT NULL CHECK (total_tracks > 0),
  release_date text NOT NULL,
  release_date_precision text NOT NULL CHECK (release_date_precision IN ('year', 'month', 'day')),
  label text NOT NULL,
  popularity integer NOT NULL CHECK (popularity BETWEEN 0 AND 100),
  upc text NOT NULL,
  copyrights jsonb NOT NULL DEFAULT '[]',
  genre text NOT NULL
);
CREATE INDEX albums_name_trgm ON albums USING gin (lower(name) gin_trgm_ops);
CREATE INDEX albums_by_release ON albums (release_date DESC);

-- An album's artists in credit order; the first is the album's main artist.
CREATE TABLE album_artists (
  album_id text NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  position integer NOT NULL,
  artist_id text NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  PRIMARY KEY (album_id, position)
);
CREATE INDEX album_artists_by_artist ON album_artists (artist_id, position);

CREATE TABLE tracks (
  id text PRIMARY KEY,
  album_id text NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  name text NOT NULL,
  disc_number integer NOT NULL CHECK (disc_number > 0),
  track_number integer NOT NULL CHECK (track_number > 0),
  duration_ms integer NOT NULL CHECK (duration_ms > 0),
  explicit boolean NOT NULL,
  popularity integer NOT NULL CHECK (popularity BETWEEN 0 AND 100),
  isrc text NOT NULL,
  -- Audio features, which also drive the synthesised audio.
  acousticness real NOT NULL,
  danceability real NOT NULL,
  energy real NOT NULL,
  instrumentalness real NOT NULL,
  key integer NOT NULL CHECK (key BETWEEN -1 AND 11),
  liveness real NOT NULL,
  loudness real NOT NULL,
  mode integer NOT NULL CHECK (mode IN (0, 1)),
  speechiness real NOT NULL,
  tempo real NOT NULL,
  time_signature integer NOT NULL CHECK (time_signature BETWEEN 3 AND 7),
  valence real NOT NULL,
  UNIQUE (album_id, disc_number, track_number)
);
CREATE INDEX tracks_name_trgm ON tracks USING gin (lower(name) gin_trgm_ops);
CREATE INDEX tracks_by_popularity ON tracks (popularity DESC);

CREATE TABLE track_artists (
  track_id text NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
  position integer NOT NULL,
  artist_id text NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  PRIMARY KEY (track_id, position)
);
CREATE INDEX track_artists_by_artist ON track_artists (artist_id, track_id);

CREATE TABLE categories (
  id text PRIMARY KEY,
  name text NOT NULL,
  genres text[] NOT NULL,
  position integer NOT NULL
);

CREATE TABLE shows (
  id text PRIMARY KEY,
  name text NOT NULL,
  publisher text NOT NULL,
  description text NOT NULL,
  languages text[] NOT NULL,
  media_type text NOT NULL DEFAULT 'audio',
  explicit boolean NOT NULL
);
CREATE INDEX shows_name_trgm ON shows USING gin (lower(name) gin_trgm_ops);

CREATE TABLE episodes (
  id text PRIMARY KEY,
  show_id text NOT NULL REFERENCES shows (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL,
  duration_ms integer NOT NULL CHECK (duration_ms > 0),
  language text NOT NULL,
  release_date text NOT NULL,
  explicit boolean NOT NULL
);
CREATE INDEX episodes_by_show ON episodes (show_id, release_date DESC);
CREATE INDEX episodes_name_trgm ON episodes USING gin (lower(name) gin_trgm_ops);

-- Editorial playlists now; people's own playlists live here too (owner_id is a user id; the
-- service's own editorial user is "graphonic").
CREATE TABLE playlists (
  id text PRIMARY KEY,
  owner_id text NOT NULL,
  name text NOT NULL,
  description text,
  public boolean NOT NULL DEFAULT true,
  collaborative boolean NOT NULL DEFAULT false,
  snapshot_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX playlists_by_owner ON playlists (owner_id, created_at DESC);
CREATE INDEX playlists_name_trgm ON playlists USING gin (lower(name) gin_trgm_ops);

CREATE TABLE playlist_categories (
  playlist_id text NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  category_id text NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  PRIMARY KEY (category_id, playlist_id)
);

-- A playlist's items in order. Positions are unique per playlist, checked at commit, so that
-- a reorder can shift them within one transaction.
CREATE TABLE playlist_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  playlist_id text NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  track_id text REFERENCES tracks (id) ON DELETE CASCADE,
  episode_id text REFERENCES episodes (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  added_by text,
  CHECK ((track_id IS NULL) <> (episode_id IS NULL)),
  CONSTRAINT playlist_items_position UNIQUE (playlist_id, position) DEFERRABLE INITIALLY DEFERRED
);
