ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_size" integer;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "image_url";