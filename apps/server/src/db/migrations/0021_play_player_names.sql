ALTER TABLE "plays" ADD COLUMN "player_name" text;--> statement-breakpoint
-- Plays filed before this migration take their player's name as it is now;
-- those of players already removed keep none (the history names them as removed).
UPDATE "plays" SET "player_name" = "players"."name" FROM "players" WHERE "players"."id" = "plays"."player_id";
