-- Every password check, recorded before the password is checked, so that requests sent at the
-- same time cannot all be checked against a count none of them has added to yet. A check in
-- progress (outcome NULL) counts as a failure until it is known; a success counts for nothing.
CREATE TABLE sign_in_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  address text NOT NULL,
  attempted_at timestamptz NOT NULL,
  outcome text CHECK (outcome IN ('failed', 'succeeded'))
);
CREATE INDEX sign_in_attempts_by_username ON sign_in_attempts (username, attempted_at);
CREATE INDEX sign_in_attempts_by_address ON sign_in_attempts (address, attempted_at);

-- The failures counted so far keep counting.
INSERT INTO sign_in_attempts (username, address, attempted_at, outcome)
  SELECT username, address, failed_at, 'failed' FROM sign_in_failures;
DROP TABLE sign_in_failures;
