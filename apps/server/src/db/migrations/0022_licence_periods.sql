-- When each subscription licensed its venue (issue 27): the history checks a
-- play reported late against the licence of the moment it began. Kept by a
-- trigger so that every way a subscription changes (activate, suspend,
-- resume, end, end by date, a tariff change, a deleted client) writes it in
-- the same transaction.
CREATE TABLE "licence_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"tariff_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "licence_periods" ADD CONSTRAINT "licence_periods_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_periods" ADD CONSTRAINT "licence_periods_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_periods" ADD CONSTRAINT "licence_periods_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_periods_venue_idx" ON "licence_periods" USING btree ("establishment_id","started_at");--> statement-breakpoint
-- A stretch opens when a subscription becomes active under a tariff and
-- closes when it stops being active or changes tariff: at its end date when
-- it ended by date, else now. Activation opens it at the period's start.
CREATE OR REPLACE FUNCTION fonika_licence_periods() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_active boolean := TG_OP = 'UPDATE' AND OLD.state = 'active';
  is_active boolean := NEW.state = 'active';
  same_tariff boolean := TG_OP = 'UPDATE' AND OLD.tariff_id = NEW.tariff_id;
BEGIN
  IF was_active AND NOT (is_active AND same_tariff) THEN
    UPDATE licence_periods
       SET ended_at = CASE WHEN NEW.state = 'ended' AND NEW.ended_at IS NOT NULL THEN NEW.ended_at ELSE now() END
     WHERE subscription_id = NEW.id AND ended_at IS NULL;
  END IF;
  IF is_active AND NOT (was_active AND same_tariff) THEN
    INSERT INTO licence_periods (subscription_id, establishment_id, tariff_id, started_at)
    VALUES (NEW.id, NEW.establishment_id, NEW.tariff_id,
            CASE WHEN NOT was_active AND NEW.starts_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.state = 'pending')
                 THEN NEW.starts_at ELSE now() END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_licence_periods" AFTER INSERT OR UPDATE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION fonika_licence_periods();
--> statement-breakpoint
-- The stretches there were, as well as they can be told: from activation to
-- the end (or the last change of a suspended one). Suspensions and resumptions
-- before this migration left no trace.
INSERT INTO licence_periods (subscription_id, establishment_id, tariff_id, started_at, ended_at)
SELECT id, establishment_id, tariff_id, starts_at,
       CASE WHEN state = 'ended' THEN coalesce(ended_at, ends_at, updated_at)
            WHEN state = 'suspended' THEN updated_at
            ELSE NULL END
  FROM subscriptions
 WHERE starts_at IS NOT NULL;
