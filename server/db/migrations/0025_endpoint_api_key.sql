-- Issue 39 (decision 288): the extra API key that created a webhook endpoint; null when it was made with the
-- environment's CHECKOUT_SECRET_KEY or in the console. API keys are revoked, never deleted: the key stays named.
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by_api_key_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_by_api_key" ON "webhook_endpoints" USING btree ("created_by_api_key_id") WHERE "webhook_endpoints"."created_by_api_key_id" is not null;
