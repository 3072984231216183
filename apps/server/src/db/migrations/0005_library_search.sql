-- The library's search (issue 6): one normal form of text for matching —
-- lower case, accents and 'ё' folded by unaccent — and trigram indexes over
-- it, so that search is the database's work on PGlite and PostgreSQL alike.
-- unaccent() is only STABLE (its dictionary could change); these wrappers
-- pin the dictionary and are declared IMMUTABLE so that indexes may use them.
CREATE OR REPLACE FUNCTION fonika_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fonika_search_words(value text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, array_to_string(value, ' '))) $$;--> statement-breakpoint
CREATE INDEX "songs_title_search_idx" ON "songs" USING gin (fonika_search_text("title") gin_trgm_ops) WHERE "removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "songs_title_prefix_idx" ON "songs" (fonika_search_text("title") text_pattern_ops) WHERE "removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "songs_artists_search_idx" ON "songs" USING gin (fonika_search_words("artists") gin_trgm_ops) WHERE "removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "songs_album_search_idx" ON "songs" USING gin (fonika_search_text("album") gin_trgm_ops) WHERE "removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "playlists_name_search_idx" ON "playlists" USING gin (fonika_search_text("name") gin_trgm_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "playlists_tags_search_idx" ON "playlists" USING gin (fonika_search_words("tags") gin_trgm_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "vault_entries_name_search_idx" ON "vault_entries" USING gin (fonika_search_text("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "songs_genre_idx" ON "songs" ("genre_id") WHERE "genre_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "songs_author_idx" ON "songs" ("author_id") WHERE "author_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "songs_copyright_holder_idx" ON "songs" ("copyright_holder_id") WHERE "copyright_holder_id" IS NOT NULL;
