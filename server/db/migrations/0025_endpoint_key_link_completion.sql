-- Issue 39 (decision 288): the extra API key that created a webhook endpoint; null when it was made with the
-- environment's CHECKOUT_SECRET_KEY or in the console. API keys are revoked, never deleted: the key stays named.
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by_api_key_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_by_api_key" ON "webhook_endpoints" USING btree ("created_by_api_key_id") WHERE "webhook_endpoints"."created_by_api_key_id" is not null;
--> statement-breakpoint
-- Decision 289: payment_link.completed is written from the link as the API shows it, after the statement that
-- used the link up, and flagged here (exactly once; the sweeps job announces any a crash left). Links already
-- completed were announced by the statement itself.
ALTER TABLE "payment_links" ADD COLUMN "completion_announced_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_links" SET "completion_announced_at" = "completed_at" WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_links_completion_unannounced" ON "payment_links" USING btree ("completed_at") WHERE "payment_links"."completed_at" is not null and "payment_links"."completion_announced_at" is null;
