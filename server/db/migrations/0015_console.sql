ALTER TABLE "payment_attempts" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payer_email" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "gateway_ref_id" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_card_brand" CHECK (length("payment_attempts"."card_brand") <= 40);--> statement-breakpoint
CREATE INDEX "payment_attempts_gateway_ref_id" ON "payment_attempts" USING btree ("gateway_ref_id") WHERE "payment_attempts"."gateway_ref_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_attempts_payer_email" ON "payment_attempts" USING btree (lower("payer_email")) WHERE "payment_attempts"."payer_email" is not null;--> statement-breakpoint
CREATE INDEX "checkout_sessions_reference" ON "checkout_sessions" USING btree ("reference");--> statement-breakpoint
CREATE TABLE "console_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"totp_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_users_email_unique" UNIQUE("email"),
	CONSTRAINT "console_users_role" CHECK ("console_users"."role" in ('owner', 'staff', 'viewer')),
	CONSTRAINT "console_users_email_lower" CHECK ("console_users"."email" = lower("console_users"."email"))
);
--> statement-breakpoint
CREATE TABLE "console_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "console_sessions_user_id_console_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console_users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "console_sessions_user" ON "console_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "console_sessions_expires" ON "console_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "console_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"user_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "console_audit_log_target" ON "console_audit_log" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "console_audit_log_created" ON "console_audit_log" USING btree ("created_at");
