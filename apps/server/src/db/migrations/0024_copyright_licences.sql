CREATE TABLE "copyright_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_id" uuid NOT NULL,
	"contract_number" text NOT NULL,
	"territory" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"storage_key" text,
	"content_hash" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "copyright_licences" ADD CONSTRAINT "copyright_licences_holder_id_copyright_holders_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."copyright_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "copyright_licences_holder_idx" ON "copyright_licences" USING btree ("holder_id");--> statement-breakpoint
CREATE INDEX "copyright_licences_ends_idx" ON "copyright_licences" USING btree ("ends_on");