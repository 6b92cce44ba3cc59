-- The console's search box also finds the start of an order reference, a payer's e-mail or name (support is
-- told "pedido-10…", "maria.silva@…"): prefix comparisons, indexed with text_pattern_ops whatever the collation.
CREATE INDEX "checkout_sessions_reference_prefix" ON "checkout_sessions" USING btree ("reference" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payment_attempts_payer_email_prefix" ON "payment_attempts" USING btree (lower("payer_email") text_pattern_ops) WHERE "payment_attempts"."payer_email" is not null;--> statement-breakpoint
CREATE INDEX "payment_attempts_payer_name_prefix" ON "payment_attempts" USING btree (lower("payer_name") text_pattern_ops) WHERE "payment_attempts"."payer_name" is not null;
