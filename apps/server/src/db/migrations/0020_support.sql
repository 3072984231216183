CREATE TABLE "chat_conversations" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"client_read_seq" integer DEFAULT 0 NOT NULL,
	"staff_read_seq" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author_id" uuid,
	"side" text NOT NULL,
	"text" text NOT NULL,
	"client_message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"event_id" uuid,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"client_id" uuid NOT NULL,
	"created_by" uuid,
	"topic" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"subject" text NOT NULL,
	"establishment_id" uuid,
	"player_id" uuid,
	"assignee_id" uuid,
	"alert_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_enquiries_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "support_enquiry_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"side" text NOT NULL,
	"text" text NOT NULL,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_enquiry_reads" (
	"user_id" uuid NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_enquiry_reads_user_id_enquiry_id_pk" PRIMARY KEY("user_id","enquiry_id")
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_client_id_chat_conversations_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."chat_conversations"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_event_id_support_enquiry_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."support_enquiry_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiries" ADD CONSTRAINT "support_enquiries_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiries" ADD CONSTRAINT "support_enquiries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiries" ADD CONSTRAINT "support_enquiries_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiries" ADD CONSTRAINT "support_enquiries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiries" ADD CONSTRAINT "support_enquiries_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiries" ADD CONSTRAINT "support_enquiries_alert_id_player_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."player_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiry_events" ADD CONSTRAINT "support_enquiry_events_enquiry_id_support_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."support_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiry_events" ADD CONSTRAINT "support_enquiry_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiry_reads" ADD CONSTRAINT "support_enquiry_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_enquiry_reads" ADD CONSTRAINT "support_enquiry_reads_enquiry_id_support_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."support_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_updated_idx" ON "chat_conversations" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_seq_key" ON "chat_messages" USING btree ("client_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_resend_key" ON "chat_messages" USING btree ("client_id","author_id","client_message_id");--> statement-breakpoint
CREATE INDEX "support_attachments_event_idx" ON "support_attachments" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "support_attachments_unused_idx" ON "support_attachments" USING btree ("created_at") WHERE "support_attachments"."event_id" is null;--> statement-breakpoint
CREATE INDEX "support_enquiries_client_idx" ON "support_enquiries" USING btree ("client_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_enquiries_updated_idx" ON "support_enquiries" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_enquiries_alert_key" ON "support_enquiries" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "support_enquiry_events_enquiry_idx" ON "support_enquiry_events" USING btree ("enquiry_id","created_at");