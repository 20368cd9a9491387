-- The device authorization grant (RFC 8628): a device without a browser asks for a code, the
-- listener approves it on the verification page, and the device polls the token endpoint.
-- Both codes are stored only as sha256 hashes.
CREATE TABLE device_codes (
  device_code_hash text PRIMARY KEY,
  -- The code the listener types, in its normalised form (8 letters, no dash).
  user_code_hash text NOT NULL UNIQUE,
  client_id text NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  -- pending until the listener answers; used once tokens were issued for it.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'used')),
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  -- The polling interval the device was told, grown by 5 s at each slow_down.
  interval_seconds integer NOT NULL,
  last_polled_at timestamptz,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  used_at timestamptz,
  family_id uuid
);
CREATE INDEX device_codes_by_expiry ON device_codes (expires_at);

-- User codes typed on the verification page, for a limit per network address: a code is short
-- enough to be typed, so guessing is what the limit stops.
CREATE TABLE user_code_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address text NOT NULL,
  attempted_at timestamptz NOT NULL,
  -- NULL while the code is looked up, which counts as a failure until it is known.
  outcome text CHECK (outcome IN ('failed', 'succeeded'))
);
CREATE INDEX user_code_attempts_by_address ON user_code_attempts (address, attempted_at);
