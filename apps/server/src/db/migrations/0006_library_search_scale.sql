-- Search that stays fast at 100 000 songs (issue 6 bench): the normal form
-- of what is searched is stored, not recomputed per row; a B-tree serves
-- exact and prefix matches, a GIN trigram index substrings and words alike
-- (a GiST index's nearest-first search was slower in PGlite). Artists
-- and albums get a table of their own, kept by triggers, so that a popular
-- artist is one row to find, not thousands of songs to fold.
ALTER TABLE "songs" ADD COLUMN "title_key" text GENERATED ALWAYS AS (fonika_search_text("title")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "songs_title_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "songs_title_prefix_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "songs_artists_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "songs_album_search_idx";--> statement-breakpoint
CREATE INDEX "songs_title_key_prefix_idx" ON "songs" ("title_key" text_pattern_ops) WHERE "removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "songs_title_key_part_idx" ON "songs" USING gin ("title_key" gin_trgm_ops) WHERE "removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "songs_artists_search_idx" ON "songs" USING gin (fonika_search_words("artists") gin_trgm_ops) WHERE "removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "songs_album_search_idx" ON "songs" USING gin (fonika_search_text("album") gin_trgm_ops) WHERE "removed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "name_key" text GENERATED ALWAYS AS (fonika_search_text("name")) STORED;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "tags_key" text GENERATED ALWAYS AS (fonika_search_words("tags")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "playlists_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "playlists_tags_search_idx";--> statement-breakpoint
CREATE INDEX "playlists_name_key_prefix_idx" ON "playlists" ("name_key" text_pattern_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "playlists_name_key_part_idx" ON "playlists" USING gin ("name_key" gin_trgm_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "playlists_tags_key_part_idx" ON "playlists" USING gin ("tags_key" gin_trgm_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE TABLE "search_terms" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "search_terms_pk" PRIMARY KEY ("kind", "key")
);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" ("kind", "key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_terms_part_idx" ON "search_terms" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
-- Adds each (kind, name, delta) of a statement's changes to the terms, at once.
CREATE OR REPLACE FUNCTION fonika_apply_terms(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms AS t (kind, key, name, uses)
  SELECT kind, fonika_search_text(name), min(name), sum(delta)::integer
    FROM jsonb_to_recordset(changes) AS c(kind text, name text, delta integer)
   WHERE name IS NOT NULL AND btrim(name) <> ''
   GROUP BY kind, fonika_search_text(name)
  HAVING sum(delta) <> 0
  ON CONFLICT (kind, key) DO UPDATE SET uses = t.uses + excluded.uses;
  DELETE FROM search_terms WHERE uses <= 0;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fonika_song_terms_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
    SELECT 'artist' AS kind, a AS name, 1 AS delta FROM new_rows n CROSS JOIN LATERAL unnest(n.artists) a WHERE n.removed_at IS NULL
    UNION ALL SELECT 'album', n.album, 1 FROM new_rows n WHERE n.removed_at IS NULL) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fonika_song_terms_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
    SELECT 'artist' AS kind, a AS name, -1 AS delta FROM old_rows o CROSS JOIN LATERAL unnest(o.artists) a WHERE o.removed_at IS NULL
    UNION ALL SELECT 'album', o.album, -1 FROM old_rows o WHERE o.removed_at IS NULL) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fonika_song_terms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
    SELECT 'artist' AS kind, a AS name, 1 AS delta FROM new_rows n CROSS JOIN LATERAL unnest(n.artists) a WHERE n.removed_at IS NULL
    UNION ALL SELECT 'album', n.album, 1 FROM new_rows n WHERE n.removed_at IS NULL
    UNION ALL SELECT 'artist', a, -1 FROM old_rows o CROSS JOIN LATERAL unnest(o.artists) a WHERE o.removed_at IS NULL
    UNION ALL SELECT 'album', o.album, -1 FROM old_rows o WHERE o.removed_at IS NULL) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "songs_terms_inserted" AFTER INSERT ON "songs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fonika_song_terms_inserted();--> statement-breakpoint
CREATE TRIGGER "songs_terms_deleted" AFTER DELETE ON "songs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fonika_song_terms_deleted();--> statement-breakpoint
CREATE TRIGGER "songs_terms_updated" AFTER UPDATE ON "songs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fonika_song_terms_updated();--> statement-breakpoint
-- Songs already in the library.
SELECT fonika_apply_terms(coalesce(jsonb_agg(c), '[]'::jsonb)) FROM (
  SELECT 'artist' AS kind, a AS name, 1 AS delta FROM songs s CROSS JOIN LATERAL unnest(s.artists) a WHERE s.removed_at IS NULL
  UNION ALL SELECT 'album', s.album, 1 FROM songs s WHERE s.removed_at IS NULL) c;
