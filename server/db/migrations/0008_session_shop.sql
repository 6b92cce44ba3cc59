ALTER TABLE "checkout_sessions" ADD COLUMN "shop" jsonb;
