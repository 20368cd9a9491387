-- A test fixture, not a table of the service. Applying it twice fails (the table exists,
-- the seed row's id is taken), which is how the tests notice a migration applied twice.
CREATE TABLE fixture_items (
  id integer PRIMARY KEY,
  name text NOT NULL
);

INSERT INTO fixture_items (id, name) VALUES (1, 'first; with a semicolon');
