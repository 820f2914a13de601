CREATE TABLE "waitlist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"email_canonical" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waitlist_announcements" (
	"kind" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"recipients" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_email_canonical_unique" ON "waitlist" USING btree ("email_canonical");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_token_hash_unique" ON "waitlist" USING btree ("token_hash");