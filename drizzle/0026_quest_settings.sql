CREATE TABLE "quest_settings" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"page" text,
	"tokens" bigint NOT NULL,
	"xp" integer NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quest_settings_kind_id_pk" PRIMARY KEY("kind","id"),
	CONSTRAINT "quest_settings_kind" CHECK ("quest_settings"."kind" in ('quiz', 'visit', 'read')),
	CONSTRAINT "quest_settings_status" CHECK ("quest_settings"."status" in ('active', 'paused', 'retired')),
	CONSTRAINT "quest_settings_period" CHECK ("quest_settings"."period" in ('once', 'daily', 'weekly')),
	CONSTRAINT "quest_settings_amounts" CHECK ("quest_settings"."xp" > 0 and "quest_settings"."tokens" >= 0),
	CONSTRAINT "quest_settings_xp_only_visits" CHECK ("quest_settings"."kind" = 'quiz' or "quest_settings"."tokens" = 0),
	CONSTRAINT "quest_settings_page" CHECK (("quest_settings"."kind" = 'quiz') = ("quest_settings"."page" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quest_settings_one_per_page" ON "quest_settings" USING btree ("kind","page") WHERE "quest_settings"."status" <> 'retired';