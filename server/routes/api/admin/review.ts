import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CONSOLE_DONE } from "../../../../common/api/admin.ts";
import { reviewRefusalText } from "../../../../common/api/payouts.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import { decideReviewAsStaff, listReviews } from "../../../services/payouts/review.ts";
import { endpoints, staffChange } from "../../endpoint.ts";
import { actorOf } from "./guard.ts";

/** Flagged payouts with their signals and the member's appeal; an admin approves or rejects, with a reason the member reads. */
export async function consoleReviewRoutes(fastify: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);

  endpoint("GET /api/admin/reviews", { config: { consoleAccess: "console" } }, async (request) => ({
    reviews: (await listReviews(db, { open: request.query.open === "1" })).map((item) => ({
      payout_id: item.payoutId,
      user_id: item.userId,
      email: item.email,
      amount: item.amount.toString(),
      address: item.address,
      status: item.status,
      signals: item.signals,
      opened_at: item.openedAt.toISOString(),
      appeal: item.appeal,
      decision: item.decision,
      reason: item.reason,
    })),
  }));

  endpoint("POST /api/admin/reviews/:id/:decision", { config: staffChange("admin"), refusals: reviewRefusalText }, async (request) => {
    const { id, decision } = request.params;
    const { reason } = request.body;
    const result = await decideReviewAsStaff({ db, clock }, actorOf(request), id, { decision, reason });
    if (!result.ok) return result;
    return { suc_msg: decision === "approve" ? CONSOLE_DONE.approved : CONSOLE_DONE.rejected };
  });
}
