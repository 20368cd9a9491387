-- The OAuth 2.0 authorization server: registered clients, one-time codes, tokens (stored only
-- as sha256 hashes), consents, and the sign-in pages' own sessions.

CREATE TABLE oauth_clients (
  client_id text PRIMARY KEY,
  -- scrypt hash; null for public clients, which must use PKCE.
  secret_hash text,
  name text NOT NULL,
  redirect_uris text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE authorization_codes (
  code_hash text PRIMARY KEY,
  client_id text NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  scopes text[] NOT NULL,
  code_challenge text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- The token family issued from this code, revoked if the code is presented again.
  family_id uuid
);

-- A family is everything issued from one authorization: its refresh tokens rotate within it,
-- and reuse of a spent one revokes the whole family.
CREATE TABLE token_families (
  id uuid PRIMARY KEY,
  client_id text NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Refresh tokens expire six months after the original authorization, however often refreshed.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  family_id uuid NOT NULL REFERENCES token_families (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX access_tokens_by_family ON access_tokens (family_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id uuid NOT NULL REFERENCES token_families (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX refresh_tokens_by_family ON refresh_tokens (family_id);

CREATE TABLE consents (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, client_id)
);

-- The sign-in pages' sessions: who is signed in to the service itself, and the form token.
CREATE TABLE account_sessions (
  id_hash text PRIMARY KEY,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins, for rate limiting that holds across restarts and processes.
CREATE TABLE sign_in_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  address text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_by_username ON sign_in_failures (username, failed_at);
CREATE INDEX sign_in_failures_by_address ON sign_in_failures (address, failed_at);
