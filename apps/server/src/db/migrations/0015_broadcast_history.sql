CREATE TABLE "plays" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" uuid,
	"user_id" uuid,
	"establishment_id" uuid,
	"time_zone" text DEFAULT 'Europe/Moscow' NOT NULL,
	"song_id" uuid,
	"playlist_id" uuid,
	"fallback" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ending" text
);
--> statement-breakpoint
CREATE INDEX "plays_player_idx" ON "plays" USING btree ("player_id","started_at");--> statement-breakpoint
CREATE INDEX "plays_establishment_idx" ON "plays" USING btree ("establishment_id","started_at");--> statement-breakpoint
CREATE INDEX "plays_started_idx" ON "plays" USING btree ("started_at");