ALTER TABLE "quest_settings" DROP CONSTRAINT "quest_settings_kind";--> statement-breakpoint
ALTER TABLE "quest_settings" DROP CONSTRAINT "quest_settings_period";--> statement-breakpoint
ALTER TABLE "quest_settings" DROP CONSTRAINT "quest_settings_xp_only_visits";--> statement-breakpoint
ALTER TABLE "quest_settings" DROP CONSTRAINT "quest_settings_page";--> statement-breakpoint
ALTER TABLE "quest_settings" ADD CONSTRAINT "quest_settings_kind" CHECK ("quest_settings"."kind" in ('quiz', 'visit', 'read', 'chain'));--> statement-breakpoint
ALTER TABLE "quest_settings" ADD CONSTRAINT "quest_settings_period" CHECK ("quest_settings"."period" in ('once', 'daily', 'weekly', 'monthly'));--> statement-breakpoint
ALTER TABLE "quest_settings" ADD CONSTRAINT "quest_settings_xp_only_visits" CHECK ("quest_settings"."kind" in ('quiz', 'chain') or "quest_settings"."tokens" = 0);--> statement-breakpoint
ALTER TABLE "quest_settings" ADD CONSTRAINT "quest_settings_page" CHECK (("quest_settings"."kind" in ('visit', 'read')) = ("quest_settings"."page" is not null));