-- A test fixture: several statements, one of them with a dollar-quoted body.
CREATE TABLE fixture_tags (
  item_id integer NOT NULL REFERENCES fixture_items (id),
  tag text NOT NULL
);

CREATE FUNCTION fixture_tag_count(item integer) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM fixture_tags WHERE item_id = item;
$$;

INSERT INTO fixture_tags (item_id, tag) VALUES (1, 'a'), (1, 'b');
