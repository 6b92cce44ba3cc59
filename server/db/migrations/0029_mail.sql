-- Issue 42 (docs/decisions/330-mail-exactly-once.md): e-mail receipts for shoppers and sale notices for the shop,
-- queued from the outbox (outbox_events.mailed_at) into mail_sends, one row per (event, recipient).
ALTER TABLE "outbox_events" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_events_mail" ON "outbox_events" USING btree ("created_at") WHERE "outbox_events"."mailed_at" is null;--> statement-breakpoint
-- Events written before this migration are not mailed: their moment has passed.
UPDATE "outbox_events" SET "mailed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "console_users" ADD COLUMN "mail_notices" jsonb;--> statement-breakpoint
ALTER TABLE "console_users" ADD COLUMN "notices_token" text;--> statement-breakpoint
CREATE TABLE "mail_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"dedupe_key" text,
	"event_id" text NOT NULL,
	"session_id" text,
	"attempt_id" text,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" text,
	"locale" text NOT NULL,
	"message" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_response" text,
	"sent_at" timestamp with time zone,
	"queued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_sends_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "mail_sends_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mail_sends_status" CHECK ("mail_sends"."status" in ('pending', 'sending', 'sent', 'failed', 'unknown', 'held'))
);--> statement-breakpoint
CREATE INDEX "mail_sends_due" ON "mail_sends" USING btree ("next_attempt_at") WHERE "mail_sends"."status" in ('pending');--> statement-breakpoint
CREATE INDEX "mail_sends_attempt" ON "mail_sends" USING btree ("attempt_id") WHERE "mail_sends"."attempt_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_sends_recipient_created" ON "mail_sends" USING btree ("recipient","created_at");
