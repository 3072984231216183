-- Codes and limits are now kept under a keyed hash of the address (HMAC,
-- a key derived from the server's secret, which SQL does not know), so the
-- stored addresses cannot be converted here: they are dropped. Codes live
-- 10 minutes; a person in the middle of a sign-in asks for a new code, and
-- the counters of sends and wrong tries per address start again.
DELETE FROM "auth_codes";--> statement-breakpoint
DELETE FROM "rate_limits" WHERE "scope" IN ('send-address', 'verify-address', 'wrong-address');--> statement-breakpoint
ALTER TABLE "auth_codes" RENAME COLUMN "address" TO "address_hash";--> statement-breakpoint
DROP INDEX "auth_codes_address_idx";--> statement-breakpoint
CREATE INDEX "auth_codes_address_idx" ON "auth_codes" USING btree ("channel","address_hash","created_at");
