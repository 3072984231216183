CREATE TABLE "song_authors" (
	"song_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "song_authors_song_id_author_id_pk" PRIMARY KEY("song_id","author_id")
);
--> statement-breakpoint
ALTER TABLE "songs" DROP CONSTRAINT "songs_author_id_authors_id_fk";
--> statement-breakpoint
ALTER TABLE "song_authors" ADD CONSTRAINT "song_authors_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_authors" ADD CONSTRAINT "song_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_authors_author_idx" ON "song_authors" USING btree ("author_id");--> statement-breakpoint
-- A song's one author (SPEC.md) becomes its first credited author.
INSERT INTO "song_authors" ("song_id", "author_id", "position")
  SELECT "id", "author_id", 0 FROM "songs" WHERE "author_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" DROP COLUMN "author_id";