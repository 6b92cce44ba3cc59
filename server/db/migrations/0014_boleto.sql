ALTER TABLE "checkout_sessions" ADD COLUMN "boleto" jsonb;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "paid_at" timestamp with time zone;
