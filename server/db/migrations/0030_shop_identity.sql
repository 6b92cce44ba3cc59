-- The shop's identity as owners set it in the console (issue 41, docs/decisions/340-shop-identity-in-the-database.md):
-- one row; a null column falls back to the SHOP_* setting. The logo is kept here (base64, at most 64 kB of
-- image), so every instance serves the same file and a restart or a new machine loses nothing.
CREATE TABLE "shop_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text,
	"brand_color" text,
	"support" text,
	"default_locale" text,
	"logo_base64" text,
	"logo_type" text,
	"logo_width" integer,
	"logo_height" integer,
	"logo_version" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_identity_single_row" CHECK ("shop_identity"."id" = 1),
	CONSTRAINT "shop_identity_locale" CHECK ("shop_identity"."default_locale" in ('pt-BR', 'en')),
	CONSTRAINT "shop_identity_logo_type" CHECK ("shop_identity"."logo_type" in ('image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "shop_identity_logo_whole" CHECK (("shop_identity"."logo_base64" is null) = ("shop_identity"."logo_version" is null))
);
