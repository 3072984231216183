ALTER TABLE "songs" ADD COLUMN "loudness_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "loudness_next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "songs_loudness_pending_idx" ON "songs" USING btree ("created_at") WHERE "songs"."loudness_status" = 'pending' and "songs"."removed_at" is null;