import type { Database } from "../server/db/client.ts";
import { listContactMessages } from "../server/services/contact.ts";
import { guideReportsByGuide } from "../server/services/guide-reports.ts";

/** Prints the contact messages, newest first, indented under their sender. */
export async function printContactMessages(db: Database, limit: number): Promise<void> {
  const messages = await listContactMessages(db, limit);
  if (messages.length === 0) console.log("No contact messages.");
  for (const message of messages) {
    console.log(
      `#${message.id}  ${message.createdAt.toISOString()}  ${message.name} <${message.email}>${message.forwardedAt ? "  (forwarded)" : ""}`,
    );
    console.log(`    ${message.subject}`);
    console.log(message.message.replace(/^/gm, "    "));
    console.log("");
  }
}

/** Prints the guide reports per guide, the guide with the newest report first. */
export async function printGuideReports(db: Database): Promise<void> {
  const byGuide = await guideReportsByGuide(db);
  if (byGuide.size === 0) console.log("No guide reports.");
  for (const [guide, reports] of byGuide) {
    const open = reports.filter((report) => report.state === "new").length;
    console.log(`${guide}  ${reports.length} report${reports.length === 1 ? "" : "s"}, ${open} new`);
    for (const report of reports) {
      console.log(`    ${report.at.toISOString()}  ${report.step ? `step ${report.step}` : "no step"}  [${report.state}]`);
      console.log(report.note.replace(/^/gm, "        "));
    }
    console.log("");
  }
}
