CREATE TABLE "player_states" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"song_id" uuid,
	"previous_song_id" uuid,
	"next_song_id" uuid,
	"playlist_id" uuid,
	"position_seconds" real DEFAULT 0 NOT NULL,
	"position_at" timestamp with time zone,
	"loop" boolean DEFAULT false NOT NULL,
	"shuffle" boolean DEFAULT false NOT NULL,
	"volume" integer DEFAULT 100 NOT NULL,
	"playing" boolean DEFAULT false NOT NULL,
	"current_play_id" uuid,
	"recent_song_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_states" ADD CONSTRAINT "player_states_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;