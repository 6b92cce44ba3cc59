-- Issue 24 (decisions 250–253): webhook endpoints with their own deliveries, extra API keys.
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"event_types" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created" ON "webhook_endpoints" USING btree ("created_at","id");--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"event_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_event_id_endpoint_id_pk" PRIMARY KEY("event_id","endpoint_id"),
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_outbox_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_status" ON "webhook_deliveries" USING btree ("endpoint_id","status");--> statement-breakpoint
-- Events written before this migration were never meant for an endpoint that did not exist yet.
ALTER TABLE "outbox_events" ADD COLUMN "fanned_out_at" timestamp with time zone;--> statement-breakpoint
UPDATE "outbox_events" SET "fanned_out_at" = "created_at";--> statement-breakpoint
CREATE INDEX "outbox_events_fan_out" ON "outbox_events" USING btree ("created_at") WHERE "outbox_events"."fanned_out_at" is null;--> statement-breakpoint
-- Null: the environment's endpoint (MERCHANT_WEBHOOK_URL); otherwise the webhook endpoint's id (no foreign key: the log outlives a deleted endpoint).
ALTER TABLE "outbox_deliveries" ADD COLUMN "endpoint_id" text;--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE INDEX "api_keys_created" ON "api_keys" USING btree ("created_at","id");
--> statement-breakpoint
-- Customers are the sessions' `customer` (decision 254): found by the merchant's id, e-mail or document.
CREATE INDEX "checkout_sessions_customer_external_id" ON "checkout_sessions" USING btree (("customer"->>'external_id'),"created_at") WHERE "checkout_sessions"."customer"->>'external_id' is not null;--> statement-breakpoint
CREATE INDEX "checkout_sessions_customer_email" ON "checkout_sessions" USING btree (lower("customer"->>'email')) WHERE "checkout_sessions"."customer"->>'email' is not null;--> statement-breakpoint
CREATE INDEX "checkout_sessions_customer_document" ON "checkout_sessions" USING btree (("customer"->'document'->>'number')) WHERE "checkout_sessions"."customer"->'document'->>'number' is not null;
