CREATE TABLE "player_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"weekdays" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "fallback_playlist_id" uuid;--> statement-breakpoint
ALTER TABLE "player_schedules" ADD CONSTRAINT "player_schedules_player_playlist_fk" FOREIGN KEY ("player_id","playlist_id") REFERENCES "public"."player_playlists"("player_id","playlist_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_schedules_player_idx" ON "player_schedules" USING btree ("player_id","playlist_id");--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_fallback_playlist_id_playlists_id_fk" FOREIGN KEY ("fallback_playlist_id") REFERENCES "public"."playlists"("id") ON DELETE set null ON UPDATE no action;