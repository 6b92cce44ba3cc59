-- Issue 39: a TOTP code is accepted once (the step of the last one used is kept, RFC 6238 §5.2), and owners disable
-- a console user (their sessions end, they cannot log in, their row and audit history stay).
ALTER TABLE "console_users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "console_users" ADD COLUMN "disabled_at" timestamp with time zone;
