ALTER TABLE "device_codes" ADD COLUMN "kind" text DEFAULT 'device' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_codes" ADD COLUMN "player_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "player_id" uuid;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "explicit_filter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "crossfade_seconds" integer DEFAULT 4 NOT NULL;