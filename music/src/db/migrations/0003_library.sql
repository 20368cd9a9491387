-- A listener's own data: saved items, follows, listening history, episode progress, devices
-- and the player. Everything belongs to a user and goes when the user goes.

CREATE TABLE saved_tracks (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  track_id text NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, track_id)
);
CREATE INDEX saved_tracks_by_date ON saved_tracks (user_id, added_at DESC, track_id);

CREATE TABLE saved_albums (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  album_id text NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, album_id)
);
CREATE INDEX saved_albums_by_date ON saved_albums (user_id, added_at DESC, album_id);

CREATE TABLE saved_shows (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  show_id text NOT NULL REFERENCES shows (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, show_id)
);
CREATE INDEX saved_shows_by_date ON saved_shows (user_id, added_at DESC, show_id);

CREATE TABLE saved_episodes (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  episode_id text NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, episode_id)
);
CREATE INDEX saved_episodes_by_date ON saved_episodes (user_id, added_at DESC, episode_id);

CREATE TABLE followed_artists (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  artist_id text NOT NULL REFERENCES artists (id) ON DELETE CASCADE,
  followed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, artist_id)
);

CREATE TABLE followed_users (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followed_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, followed_id),
  CHECK (user_id <> followed_id)
);

-- Following a playlist puts it in the follower's library; `public` says whether it shows on
-- their profile.
CREATE TABLE followed_playlists (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  playlist_id text NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  public boolean NOT NULL DEFAULT true,
  followed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, playlist_id)
);
CREATE INDEX followed_playlists_by_playlist ON followed_playlists (playlist_id);

-- Every play, for recently played and for top artists and tracks by time range.
CREATE TABLE plays (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  track_id text REFERENCES tracks (id) ON DELETE CASCADE,
  episode_id text REFERENCES episodes (id) ON DELETE CASCADE,
  context_uri text,
  played_at timestamptz NOT NULL,
  CHECK ((track_id IS NULL) <> (episode_id IS NULL))
);
CREATE INDEX plays_by_user_time ON plays (user_id, played_at DESC);

-- Where a listener stands in each podcast episode (Spotify's resume_point).
CREATE TABLE episode_progress (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  episode_id text NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
  position_ms integer NOT NULL CHECK (position_ms >= 0),
  fully_played boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, episode_id)
);

-- Playback devices: the ones a client registers (a browser that plays the audio) and their state.
CREATE TABLE devices (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL,
  is_private_session boolean NOT NULL DEFAULT false,
  is_restricted boolean NOT NULL DEFAULT false,
  supports_volume boolean NOT NULL DEFAULT true,
  volume_percent integer NOT NULL DEFAULT 100 CHECK (volume_percent BETWEEN 0 AND 100),
  registered_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_by_user ON devices (user_id, last_seen_at DESC);

-- One player per user: its state is the player engine's value, kept whole and replaced whole
-- in the transaction that applies a command.
CREATE TABLE player_states (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  state jsonb NOT NULL,
  is_playing boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX player_states_playing ON player_states (updated_at) WHERE is_playing;
