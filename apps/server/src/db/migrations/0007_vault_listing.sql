-- A page of a folder, folders first and by name, read from the index in
-- order (a 10 000-track folder no longer sorts every track per page).
CREATE INDEX "vault_entries_listing_idx" ON "vault_entries" ("parent_id", ("type" <> 'folder'), lower("name"));--> statement-breakpoint
-- Tracks carry their song's current title as their name.
UPDATE "vault_entries" AS e SET "name" = s."title" FROM "songs" AS s WHERE e."song_id" = s."id" AND e."type" = 'track' AND e."name" <> s."title";
