import { describe, expect, it } from "vitest";
import { GUIDE_REPORT_LIMITED, GUIDE_REPORT_RECEIVED } from "../../common/api/guide-reports.ts";
import { CROSS_SITE_REFUSED } from "../../server/plugins/request-guards.ts";
import { adminInProcess } from "../helpers/admin.ts";
import { APP, agent } from "../helpers/agent.ts";
import { openConsoleAs } from "../helpers/console.ts";
import { useTestApp } from "../helpers/test-app.ts";

const GUIDE = "/browser-create-wallet";

describe('"Something looks different?" reports, through to the operator\'s listings', () => {
  const t = useTestApp();
  const admin = adminInProcess(() => t.database);
  const report = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    agent(t.app).post("/api/guide-reports", { app: APP, ...body }, headers);

  it("keeps a report in the inbox tagged with the guide and step; the console and `admin guide-reports` list it per guide", async () => {
    expect((await report({ page: GUIDE, step: 3, note: "The button now says Continue, not Next." })).json()).toEqual({
      suc_msg: GUIDE_REPORT_RECEIVED,
    });
    t.clock.advance(1_000);
    await report({ page: GUIDE, note: "The whole flow has a new first screen.", email: "reader@example.org" });
    t.clock.advance(1_000);
    await report({ page: "/ios-import-token", step: 1, note: "The Tokens tab moved." });

    const support = await openConsoleAs(t, "support");
    const reports = (await support.get("/api/admin/messages?kind=guide-report")).json().messages;
    expect(reports.map((m: { guide: unknown }) => m.guide)).toEqual([
      { path: "/ios-import-token", step: 1 },
      { path: GUIDE, step: null },
      { path: GUIDE, step: 3 },
    ]);
    expect(reports[2]).toMatchObject({ name: "Guide reader", email: "", message: "The button now says Continue, not Next.", state: "new" });
    expect(reports[2].subject).toMatch(/^Guide report: .+ \(Browser\), step 3$/);
    expect((await support.get("/api/admin/messages?kind=message")).json().messages).toEqual([]);
    const noAddress = await support.post(`/api/admin/messages/${reports[2].id}/reply`, { reply: "Thanks!" });
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json()).toEqual({ err_msg: "This report left no address to answer." });

    const listed = await admin("guide-reports");
    expect(listed.status).toBe(0);
    const lines = listed.stdout.split("\n");
    expect(lines[0]).toBe("/ios-import-token  1 report, 1 new");
    expect(lines).toContain(`${GUIDE}  2 reports, 2 new`);
    expect(listed.stdout).toContain("step 3  [new]");
    expect(listed.stdout).toContain("        The button now says Continue, not Next.");
  });

  it("refuses an unknown guide, an empty note, a bad address, a cross-site post, and a flood from one address", async () => {
    expect((await report({ page: "/no-such-guide", note: "x" })).statusCode).toBe(404);
    const empty = await report({ page: GUIDE, note: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ err_msg: "Tell us what looks different." });
    expect((await report({ page: GUIDE, note: "x", email: "not-an-address" })).json()).toEqual({
      err_msg: "Please enter a valid email, or leave it empty.",
    });
    expect((await report({ page: GUIDE, step: 0, note: "x" })).json()).toEqual({ err_msg: "Choose a step." });
    const crossSite = await report({ page: GUIDE, note: "x" }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ err_msg: CROSS_SITE_REFUSED });

    // A new hour: the limit counts this client's reports afresh.
    t.clock.advance(60 * 60 * 1000);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => report({ page: GUIDE, note: `report ${index}` })));
    expect(answers.filter((reply) => reply.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((reply) => reply.statusCode === 429).map((reply) => reply.json())).toEqual(
      Array.from({ length: 3 }, () => ({ err_msg: GUIDE_REPORT_LIMITED })),
    );
  });
});
