CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "author_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_playlists" (
	"user_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_playlists_user_id_playlist_id_pk" PRIMARY KEY("user_id","playlist_id")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_key" text,
	"cover_type" text,
	"cover_size" integer,
	"summary_key" text,
	"summary_type" text,
	"summary_size" integer,
	"current_version_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "song_ratings" (
	"user_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_ratings_user_id_song_id_pk" PRIMARY KEY("user_id","song_id")
);
--> statement-breakpoint
CREATE TABLE "vault_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"partition" text NOT NULL,
	"parent_id" uuid,
	"ancestors" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"name" text NOT NULL,
	"song_id" uuid,
	"playlist_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"tracks_count" integer DEFAULT 0 NOT NULL,
	"tracks_duration_ms" bigint DEFAULT 0 NOT NULL,
	"origin_parent_id" uuid,
	"origin_partition" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "author_attachments" ADD CONSTRAINT "author_attachments_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_playlists" ADD CONSTRAINT "favourite_playlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_playlists" ADD CONSTRAINT "favourite_playlists_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_ratings" ADD CONSTRAINT "song_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_ratings" ADD CONSTRAINT "song_ratings_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_entries" ADD CONSTRAINT "vault_entries_parent_id_vault_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."vault_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_entries" ADD CONSTRAINT "vault_entries_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_entries" ADD CONSTRAINT "vault_entries_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "author_attachments_author_idx" ON "author_attachments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "playlists_tags_idx" ON "playlists" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "song_ratings_song_idx" ON "song_ratings" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "vault_entries_parent_idx" ON "vault_entries" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "vault_entries_ancestors_idx" ON "vault_entries" USING gin ("ancestors");--> statement-breakpoint
CREATE INDEX "vault_entries_song_idx" ON "vault_entries" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "vault_entries_playlist_idx" ON "vault_entries" USING btree ("playlist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vault_entries_sibling_name_idx" ON "vault_entries" USING btree ("parent_id",lower("name")) WHERE "vault_entries"."type" in ('folder', 'playlist', 'version') and "vault_entries"."partition" <> 'deleted';--> statement-breakpoint
INSERT INTO "vault_entries" ("id", "type", "partition", "name") VALUES
  ('00000000-0000-4000-8000-000000000001', 'partition', 'playlists', 'Плейлисты'),
  ('00000000-0000-4000-8000-000000000002', 'partition', 'tracks', 'Треки'),
  ('00000000-0000-4000-8000-000000000003', 'partition', 'deleted', 'Корзина');
