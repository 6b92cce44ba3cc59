ALTER TABLE "checkout_sessions" ADD COLUMN "paid_attempt_id" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_status";--> statement-breakpoint
-- The state machine's statuses, now with `withdrawn` (a PIX code given up for a card, decision 222).
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_status" CHECK ("payment_attempts"."status" in ('sending', 'unknown', 'rejected', 'failed_unknown', 'withdrawn', 'processing', 'waiting_payment', 'authorized', 'paid', 'refused', 'canceled', 'failed', 'pending_refund', 'refunded', 'chargedback'));
