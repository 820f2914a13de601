import { sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { type Database, queryRows } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { rateLimitClientOf } from "./fairness/networks.ts";
import type { Limit, RateLimiter } from "./rate-limit.ts";

export type GuideReportDeps = {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  perIp: Limit;
  /** Every guide's path and the title it is listed under. */
  guides: ReadonlyMap<string, string>;
};

export type GuideReportResult = { ok: true; id: number } | { ok: false; reason: "unknown-guide" | "rate-limited" };

/**
 * Keeps a reader's "Something looks different?" report in the contact inbox,
 * tagged with the guide and step, so the team lists them per guide. The
 * reader's address is optional: a report without one cannot be answered.
 */
export async function reportOutdatedGuide(
  { db, clock, rateLimiter, perIp, guides }: GuideReportDeps,
  report: { page: string; step?: number; note: string; email: string; ip: string },
): Promise<GuideReportResult> {
  const title = guides.get(report.page);
  if (!title) return { ok: false, reason: "unknown-guide" };
  if ((await rateLimiter.hit(`guide-report:ip:${rateLimitClientOf(report.ip)}`, perIp.windowMs)) > perIp.max)
    return { ok: false, reason: "rate-limited" };
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: "Guide reader",
      email: report.email,
      subject: `Guide report: ${title}${report.step ? `, step ${report.step}` : ""}`,
      message: report.note,
      ip: report.ip,
      createdAt: clock.now(),
      guidePath: report.page,
      guideStep: report.step ?? null,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("guide report not stored");
  return { ok: true, id: row.id };
}

export type GuideReportLine = { path: string; step: number | null; note: string; state: string; at: Date };

/** Every guide report, grouped by guide (the guide with the newest report first), newest first within each. */
export async function guideReportsByGuide(db: Database): Promise<Map<string, GuideReportLine[]>> {
  const rows = await queryRows<{
    guide_path: string;
    guide_step: number | null;
    message: string;
    state: string;
    created_at: Date;
  }>(
    db,
    sql`select guide_path, guide_step, message, state, created_at from contact_messages
         where guide_path is not null
         order by max(created_at) over (partition by guide_path) desc, guide_path, created_at desc, id desc`,
  );
  const byGuide = new Map<string, GuideReportLine[]>();
  for (const row of rows) {
    const lines = byGuide.get(row.guide_path) ?? [];
    lines.push({ path: row.guide_path, step: row.guide_step, note: row.message, state: row.state, at: row.created_at });
    byGuide.set(row.guide_path, lines);
  }
  return byGuide;
}
