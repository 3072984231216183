-- Search within 50 ms at 100 000 songs on the embedded database (issue 6).
-- Prefix indexes in byte order (collation "C" on every server), so that a
-- prefix is an index range read in order and stops after a page. A
-- vocabulary of every word that can be found (search_terms of kind 'word':
-- words of song titles, artists and albums, playlist names and tags), so
-- that a typo is corrected against some thousands of words instead of
-- compared with every title.
DROP INDEX IF EXISTS "songs_title_key_prefix_idx";--> statement-breakpoint
CREATE INDEX "songs_title_key_prefix_idx" ON "songs" ("title_key" COLLATE "C") WHERE "removed_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "playlists_name_key_prefix_idx";--> statement-breakpoint
CREATE INDEX "playlists_name_key_prefix_idx" ON "playlists" ("name_key" COLLATE "C") WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "search_terms_prefix_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "search_terms_part_idx";--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" ("kind", "key" COLLATE "C");--> statement-breakpoint
CREATE INDEX "search_terms_part_idx" ON "search_terms" USING gin ("key" gin_trgm_ops) WHERE "kind" IN ('artist', 'album');--> statement-breakpoint
CREATE INDEX "search_terms_words_idx" ON "search_terms" USING gin ("key" gin_trgm_ops) WHERE "kind" = 'word';--> statement-breakpoint
-- Removes only the terms this change emptied (it read every term before:
-- with the vocabulary that is tens of thousands of rows per statement).
CREATE OR REPLACE FUNCTION fonika_apply_terms(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms AS t (kind, key, name, uses)
  SELECT kind, fonika_search_text(name), min(name), sum(delta)::integer
    FROM jsonb_to_recordset(changes) AS c(kind text, name text, delta integer)
   WHERE name IS NOT NULL AND btrim(name) <> ''
   GROUP BY kind, fonika_search_text(name)
  HAVING sum(delta) <> 0
  ON CONFLICT (kind, key) DO UPDATE SET uses = t.uses + excluded.uses;
  DELETE FROM search_terms AS t
   USING (SELECT DISTINCT kind, fonika_search_text(name) AS key
            FROM jsonb_to_recordset(changes) AS c(kind text, name text, delta integer)
           WHERE delta < 0 AND name IS NOT NULL) AS emptied
   WHERE t.kind = emptied.kind AND t.key = emptied.key AND t.uses <= 0;
$$;--> statement-breakpoint
-- The words of a text in normal form: runs of letters and digits, three or more long.
CREATE OR REPLACE FUNCTION fonika_search_words_of(value text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT w FROM regexp_split_to_table(fonika_search_text(value), '[^[:alnum:]]+') AS w WHERE length(w) >= 3 $$;--> statement-breakpoint
-- A song's terms: its artists, its album, and the words of all three and of its title.
CREATE OR REPLACE FUNCTION fonika_song_terms(title text, artists text[], album text) RETURNS TABLE (kind text, name text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT 'artist', a FROM unnest(artists) AS a
    UNION ALL SELECT 'album', album
    UNION ALL SELECT 'word', w FROM fonika_search_words_of(concat_ws(' ', title, array_to_string(artists, ' '), album)) AS w
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fonika_song_terms_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
    SELECT t.kind, t.name, 1 AS delta FROM new_rows n CROSS JOIN LATERAL fonika_song_terms(n.title, n.artists, n.album) t WHERE n.removed_at IS NULL) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fonika_song_terms_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
    SELECT t.kind, t.name, -1 AS delta FROM old_rows o CROSS JOIN LATERAL fonika_song_terms(o.title, o.artists, o.album) t WHERE o.removed_at IS NULL) c;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only rows whose searched text or removal changed: counting a song's plays touches no term.
CREATE OR REPLACE FUNCTION fonika_song_terms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
    SELECT t.kind, t.name, 1 AS delta
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL fonika_song_terms(n.title, n.artists, n.album) t
     WHERE n.removed_at IS NULL
       AND (o.removed_at IS NOT NULL OR (o.title, o.artists, o.album) IS DISTINCT FROM (n.title, n.artists, n.album))
    UNION ALL
    SELECT t.kind, t.name, -1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL fonika_song_terms(o.title, o.artists, o.album) t
     WHERE o.removed_at IS NULL
       AND (n.removed_at IS NOT NULL OR (o.title, o.artists, o.album) IS DISTINCT FROM (n.title, n.artists, n.album))) c;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A playlist's words: of its name and of its tags.
CREATE OR REPLACE FUNCTION fonika_playlist_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
      SELECT 'word' AS kind, w AS name, 1 AS delta FROM new_rows n
        CROSS JOIN LATERAL fonika_search_words_of(concat_ws(' ', n.name, array_to_string(n.tags, ' '))) w
       WHERE n.deleted_at IS NULL) c;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
      SELECT 'word' AS kind, w AS name, -1 AS delta FROM old_rows o
        CROSS JOIN LATERAL fonika_search_words_of(concat_ws(' ', o.name, array_to_string(o.tags, ' '))) w
       WHERE o.deleted_at IS NULL) c;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "playlists_terms_inserted" AFTER INSERT ON "playlists" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fonika_playlist_terms_changed();--> statement-breakpoint
CREATE TRIGGER "playlists_terms_deleted" AFTER DELETE ON "playlists" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fonika_playlist_terms_changed();--> statement-breakpoint
CREATE TRIGGER "playlists_terms_updated" AFTER UPDATE ON "playlists" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fonika_playlist_terms_changed();--> statement-breakpoint
-- The library as it is: its words.
SELECT fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
  SELECT 'word' AS kind, w AS name, 1 AS delta FROM songs s
    CROSS JOIN LATERAL fonika_search_words_of(concat_ws(' ', s.title, array_to_string(s.artists, ' '), s.album)) w
   WHERE s.removed_at IS NULL
  UNION ALL
  SELECT 'word', w, 1 FROM playlists p
    CROSS JOIN LATERAL fonika_search_words_of(concat_ws(' ', p.name, array_to_string(p.tags, ' '))) w
   WHERE p.deleted_at IS NULL) c;
