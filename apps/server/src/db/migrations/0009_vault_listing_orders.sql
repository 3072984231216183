-- A track carries its song's artists as it carries its title: a folder's
-- search reads one trigram index of its own (name and artists, normal form)
-- instead of looking every track's song up.
ALTER TABLE "vault_entries" ADD COLUMN "artists" text;--> statement-breakpoint
UPDATE "vault_entries" AS e SET "artists" = array_to_string(s."artists", ', ') FROM "songs" AS s WHERE e."song_id" = s."id" AND e."type" = 'track';--> statement-breakpoint
ALTER TABLE "vault_entries" ADD COLUMN "search_key" text GENERATED ALWAYS AS (fonika_search_text("name" || coalesce(' ' || "artists", ''))) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "vault_entries_name_search_idx";--> statement-breakpoint
CREATE INDEX "vault_entries_search_key_idx" ON "vault_entries" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
-- A page of a folder read in index order whatever it is sorted by, in
-- either direction: folders and the rest are two ranges of each index
-- (issue 6 bench: a 10 000-track folder was sorted per page by size or date).
DROP INDEX IF EXISTS "vault_entries_listing_idx";--> statement-breakpoint
CREATE INDEX "vault_entries_listing_idx" ON "vault_entries" ("parent_id", ("type" <> 'folder'), lower("name"), "id");--> statement-breakpoint
CREATE INDEX "vault_entries_listing_size_idx" ON "vault_entries" ("parent_id", ("type" <> 'folder'), "size_bytes", "id");--> statement-breakpoint
CREATE INDEX "vault_entries_listing_created_idx" ON "vault_entries" ("parent_id", ("type" <> 'folder'), "created_at", "id");--> statement-breakpoint
CREATE INDEX "vault_entries_listing_modified_idx" ON "vault_entries" ("parent_id", ("type" <> 'folder'), "modified_at", "id");--> statement-breakpoint
CREATE INDEX "vault_entries_listing_position_idx" ON "vault_entries" ("parent_id", ("type" <> 'folder'), "position", "id");
