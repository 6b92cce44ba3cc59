-- Captures and refunds, and the outbox's own deliveries, hold their machines' statuses (server/payments/operation-machine.ts,
-- server/events/delivery-machine.ts; decision 300), as payment attempts and webhook deliveries already do.
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_status" CHECK ("payment_operations"."status" in ('sending', 'unknown', 'pending', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_status" CHECK ("outbox_events"."status" in ('pending', 'delivered', 'failed'));
