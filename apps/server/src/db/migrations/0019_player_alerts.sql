CREATE TABLE "player_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"silent_since" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "player_states" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_alerts" ADD CONSTRAINT "player_alerts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_alerts_open_key" ON "player_alerts" USING btree ("player_id") WHERE "player_alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "player_alerts_player_idx" ON "player_alerts" USING btree ("player_id");