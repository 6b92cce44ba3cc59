-- Issue 44 (decisions 310–313): the server is gentle with what is slow. Each merchant endpoint's circuit (the
-- environment's under 'we_environment', each webhook endpoint under its id): failures in a row, when it opened,
-- when the next probe may go, shared by every instance. The gateway's pauses (a 429 or Retry-After) per call
-- kind, and the lease of the shared scan of the gateway's list for unknown outcomes.
CREATE TABLE "delivery_circuits" (
	"endpoint_key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	"next_probe_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_pauses" (
	"call_kind" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_scans" (
	"name" text PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"scans" integer DEFAULT 0 NOT NULL,
	"pages" bigint DEFAULT 0 NOT NULL,
	"last_pages" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
