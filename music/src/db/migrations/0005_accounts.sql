-- Sign-in by e-mail and the mail the service sends; lookups the authorization server needs.
-- (Users are in 0002, clients, codes, tokens, consents, sessions and failed sign-ins in 0004.)

-- One-time sign-in links, stored only as sha256 hashes of the token in the link.
CREATE TABLE sign_in_links (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The authorization request the person was in the middle of ('' for none); it is validated
  -- again, like any other, when the link is used.
  continue_query text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sign_in_links_by_expiry ON sign_in_links (expires_at);

-- Every request for a link, whether or not the address belongs to someone: the limits per
-- address and per network address hold across restarts and processes.
CREATE TABLE sign_in_link_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  address text NOT NULL,
  requested_at timestamptz NOT NULL
);
CREATE INDEX sign_in_link_requests_by_email ON sign_in_link_requests (email, requested_at);
CREATE INDEX sign_in_link_requests_by_address ON sign_in_link_requests (address, requested_at);

-- The mail the service would send when no SMTP server is configured (outside production),
-- readable on the development outbox page.
CREATE TABLE email_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- E-mail addresses are compared without case: one account per address, however it is typed.
CREATE UNIQUE INDEX users_by_lower_email ON users (lower(email));

-- Expired rows are pruned by these.
CREATE INDEX authorization_codes_by_expiry ON authorization_codes (expires_at);
CREATE INDEX account_sessions_by_expiry ON account_sessions (expires_at);
CREATE INDEX token_families_by_expiry ON token_families (expires_at);
CREATE INDEX access_tokens_by_expiry ON access_tokens (expires_at);
