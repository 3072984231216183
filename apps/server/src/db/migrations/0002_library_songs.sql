CREATE TABLE "authors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copyright_holders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_hash" text NOT NULL,
	"storage_key" text NOT NULL,
	"format" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"bitrate" integer,
	"original_name" text,
	"title" text NOT NULL,
	"artists" text[] DEFAULT '{}'::text[] NOT NULL,
	"album" text,
	"genre_id" uuid,
	"year" integer,
	"obscene_lexicon" boolean DEFAULT false NOT NULL,
	"isrc" text,
	"copyright_holder_id" uuid,
	"author_id" uuid,
	"cover_key" text,
	"cover_type" text,
	"cover_size" integer,
	"loudness_status" text DEFAULT 'pending' NOT NULL,
	"integrated_lufs" real,
	"true_peak_db" real,
	"gain_db" real,
	"play_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_copyright_holder_id_copyright_holders_id_fk" FOREIGN KEY ("copyright_holder_id") REFERENCES "public"."copyright_holders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authors_name_idx" ON "authors" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "copyright_holders_name_idx" ON "copyright_holders" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "genres_name_idx" ON "genres" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "songs_content_hash_idx" ON "songs" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "songs_created_at_idx" ON "songs" USING btree ("created_at") WHERE "songs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "songs_play_count_idx" ON "songs" USING btree ("play_count") WHERE "songs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "songs_album_idx" ON "songs" USING btree (lower("album"));--> statement-breakpoint
CREATE INDEX "songs_artists_idx" ON "songs" USING gin ("artists");--> statement-breakpoint
CREATE INDEX "songs_cover_key_idx" ON "songs" USING btree ("cover_key");