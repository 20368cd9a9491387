-- OpenID Connect: the keys ID tokens are signed with, and what an authorization request carried
-- for its ID token (the client's nonce, and when the person signed in).

-- Signing keys, newest current. The private half never leaves this table: the key set the
-- service publishes is read from public_jwk alone.
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX signing_keys_by_age ON signing_keys (created_at);

ALTER TABLE authorization_codes ADD COLUMN nonce text;
ALTER TABLE authorization_codes ADD COLUMN auth_time timestamptz;
