-- Search by ISRC (`isrc:` in a search query) without reading every track.
CREATE INDEX tracks_by_isrc ON tracks (isrc);
