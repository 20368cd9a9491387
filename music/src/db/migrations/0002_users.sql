-- The service's users. A user id is a username; the account id never changes and is what
-- clients should link accounts by (Spotify's `account_id`).

CREATE TABLE users (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9._-]{1,29}$'),
  account_id uuid NOT NULL UNIQUE,
  display_name text,
  email text UNIQUE,
  -- scrypt, with its parameters and salt in the string; null for users who sign in by e-mail only.
  password_hash text,
  country text NOT NULL DEFAULT 'US' CHECK (country ~ '^[A-Z]{2}$'),
  product text NOT NULL DEFAULT 'premium' CHECK (product IN ('premium', 'free')),
  explicit_filter_enabled boolean NOT NULL DEFAULT false,
  explicit_filter_locked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The owner of the editorial playlists.
INSERT INTO users (id, account_id, display_name, product)
VALUES ('graphonic', '00000000-0000-4000-8000-000000000001', 'Graphonic', 'premium');
