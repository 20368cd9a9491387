-- Search reads the catalog into memory (search/catalog.ts) and no query matches names with
-- LIKE or trigram similarity: these indexes only slowed writes and took space.
DROP INDEX IF EXISTS artists_name_trgm;
DROP INDEX IF EXISTS albums_name_trgm;
DROP INDEX IF EXISTS tracks_name_trgm;
DROP INDEX IF EXISTS shows_name_trgm;
DROP INDEX IF EXISTS episodes_name_trgm;
DROP INDEX IF EXISTS playlists_name_trgm;
