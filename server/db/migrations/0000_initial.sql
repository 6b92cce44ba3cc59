CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"items" jsonb NOT NULL,
	"shipping_fee" integer,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"descriptor" text,
	"methods" jsonb NOT NULL,
	"max_installments" integer NOT NULL,
	"three_ds" text NOT NULL,
	"fees_paid_by" text NOT NULL,
	"capture" text NOT NULL,
	"customer" jsonb,
	"locale" text,
	"success_url" text,
	"cancel_url" text,
	"embed_origins" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "checkout_sessions_amount_positive" CHECK ("checkout_sessions"."amount" > 0),
	CONSTRAINT "checkout_sessions_status" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"payment_method" text NOT NULL,
	"amount" integer NOT NULL,
	"installments" integer NOT NULL,
	"status" text NOT NULL,
	"transaction_id" bigint,
	"gateway_response" jsonb,
	"gateway_errors" jsonb,
	"card_last4" text,
	"customer_document" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_session_id_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_session_created" ON "payment_attempts" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_status" ON "payment_attempts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window" ON "rate_limit_hits" USING btree ("window_start");