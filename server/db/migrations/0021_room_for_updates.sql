-- Room on each page for a row's next version, so the updates of a payment are HOT (heap-only: no index entry
-- written) instead of adding an entry to every index of the table. New pages only; existing ones fill as before.
-- A session's completion changes its status, updated_at and paid_attempt_id, none of them indexed; a
-- rate-limit window's hit changes its count. Their rows are inserted densely otherwise, and the update then finds
-- no room beside the row (docs/decisions/275-fourth-pass-on-payment-cpu.md).
ALTER TABLE "checkout_sessions" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "rate_limit_hits" SET (fillfactor = 50);
