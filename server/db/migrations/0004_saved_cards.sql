CREATE TABLE "saved_cards" (
	"customer_external_id" text NOT NULL,
	"card_id" bigint NOT NULL,
	"brand" text,
	"first_digits" text,
	"last_digits" text,
	"holder_name" text,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_customer_external_id_card_id_pk" PRIMARY KEY("customer_external_id","card_id"),
	CONSTRAINT "saved_cards_first_digits" CHECK ("saved_cards"."first_digits" ~ '^[0-9]{1,8}$'),
	CONSTRAINT "saved_cards_last_digits" CHECK ("saved_cards"."last_digits" ~ '^[0-9]{1,4}$'),
	CONSTRAINT "saved_cards_brand" CHECK (length("saved_cards"."brand") <= 40),
	CONSTRAINT "saved_cards_holder_name" CHECK (length("saved_cards"."holder_name") <= 120)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_amount_positive";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "mode" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "save_cards" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "saved_card_id" bigint;--> statement-breakpoint
CREATE INDEX "saved_cards_customer_created" ON "saved_cards" USING btree ("customer_external_id","created_at");--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_mode" CHECK ("checkout_sessions"."mode" in ('payment', 'setup'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_amount_positive" CHECK ("checkout_sessions"."amount" > 0 or ("checkout_sessions"."mode" = 'setup' and "checkout_sessions"."amount" = 0));