CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"reference" text,
	"title" text NOT NULL,
	"description" text,
	"items" jsonb,
	"shipping_fee" integer,
	"custom_amount" jsonb,
	"quantity" jsonb,
	"settings" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"active" boolean NOT NULL,
	"inactive_message" text,
	"expires_at" timestamp with time zone,
	"max_payments" integer,
	"payments_count" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"expired_announced_at" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_code_unique" UNIQUE("code"),
	CONSTRAINT "payment_links_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_links_max_payments" CHECK ("payment_links"."max_payments" is null or "payment_links"."max_payments" > 0),
	CONSTRAINT "payment_links_order" CHECK (("payment_links"."items" is null) <> ("payment_links"."custom_amount" is null))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_link_id" text;--> statement-breakpoint
CREATE INDEX "payment_links_created" ON "payment_links" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_payment_link" ON "checkout_sessions" USING btree ("payment_link_id") WHERE "checkout_sessions"."payment_link_id" is not null;