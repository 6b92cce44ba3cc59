ALTER TABLE "checkout_sessions" ADD COLUMN "collect" jsonb;
