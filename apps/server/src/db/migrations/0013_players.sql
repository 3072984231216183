CREATE TABLE "player_playlists" (
	"player_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_playlists_player_id_playlist_id_pk" PRIMARY KEY("player_id","playlist_id")
);
--> statement-breakpoint
CREATE TABLE "player_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"player_id" uuid,
	"player_name" text,
	"name" text,
	"phone" text,
	"email" text,
	"company" text,
	"address" text,
	"quantity" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"serial_box_number" text,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_playlists" ADD CONSTRAINT "player_playlists_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_playlists" ADD CONSTRAINT "player_playlists_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_requests" ADD CONSTRAINT "player_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_requests" ADD CONSTRAINT "player_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_playlists_playlist_idx" ON "player_playlists" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "player_requests_created_at_idx" ON "player_requests" USING btree ("created_at","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "players_serial_key" ON "players" USING btree (lower("serial_box_number")) WHERE "players"."serial_box_number" is not null;--> statement-breakpoint
CREATE INDEX "players_user_idx" ON "players" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "players_establishment_idx" ON "players" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "players_created_at_idx" ON "players" USING btree ("created_at");