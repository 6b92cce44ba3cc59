-- Issue 43 (decision 320): each captured payment's receivables as the gateway reports them, and their read schedule.
CREATE TABLE "receivables" (
	"id" text PRIMARY KEY NOT NULL,
	"attempt_id" text NOT NULL,
	"installment" integer NOT NULL,
	"installments" integer NOT NULL,
	"payment_method" text NOT NULL,
	"card_brand" text,
	"expected_on" date NOT NULL,
	"gross_amount" integer NOT NULL,
	"fee_amount" integer,
	"net_amount" integer,
	"status" text NOT NULL,
	"gateway_status" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receivables_status" CHECK ("receivables"."status" in ('expected', 'paid', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "receivable_reads" (
	"attempt_id" text PRIMARY KEY NOT NULL,
	"next_read_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"attempt_seen_at" timestamp with time zone,
	"read_count" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_reads" ADD CONSTRAINT "receivable_reads_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receivables_attempt_installment" ON "receivables" USING btree ("attempt_id","installment");--> statement-breakpoint
CREATE INDEX "receivables_expected_on" ON "receivables" USING btree ("expected_on","id");--> statement-breakpoint
CREATE INDEX "receivable_reads_due" ON "receivable_reads" USING btree ("next_read_at") WHERE "receivable_reads"."next_read_at" is not null;
