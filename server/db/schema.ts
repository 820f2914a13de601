import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Secrets the server generates once and every instance shares (outside production, where they come from the environment). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
