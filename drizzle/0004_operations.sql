CREATE TABLE "price_snapshots" (
	"source" text PRIMARY KEY NOT NULL,
	"price" text,
	"updated_at" timestamp with time zone,
	"lease_holder" text,
	"lease_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "special_days" (
	"day" text PRIMARY KEY NOT NULL,
	"multiplier" integer NOT NULL,
	"note" text,
	CONSTRAINT "special_days_multiplier" CHECK ("special_days"."multiplier" in (1, 2, 3)),
	CONSTRAINT "special_days_day_format" CHECK ("special_days"."day" ~ '^\d{4}-\d{2}-\d{2}$')
);
