import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CONSOLE_DONE, consoleRefusalText } from "../../../../common/api/admin.ts";
import type { AccountDeps } from "../../../services/account-deps.ts";
import { listMemberSessions } from "../../../services/account-settings/member-sessions.ts";
import {
  changeMemberFreezeAsStaff,
  contactMessagesFrom,
  referralsOf,
  resendVerificationAsStaff,
  revokeMemberSessionAsStaff,
} from "../../../services/console/member-care.ts";
import { openRiskSignals } from "../../../services/fairness/risk-signals.ts";
import { payoutsFor } from "../../../services/payouts/requests.ts";
import { findUserById } from "../../../services/users.ts";
import { endpoints, staffChange } from "../../endpoint.ts";
import { actorOf } from "./guard.ts";

/** A member's activity for the console's member page, and what an operator does about it: freeze, sessions, the verification email. */
export async function consoleMemberCareRoutes(fastify: FastifyInstance, { accounts }: { accounts: AccountDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const { db, clock } = accounts;

  endpoint(
    "GET /api/admin/members/:id/activity",
    { config: { consoleAccess: "console" }, refusals: consoleRefusalText },
    async (request) => {
      const user = await findUserById(db, request.params.id);
      if (!user) return { ok: false, refusal: "unknown_member" } as const;
      const [sessions, referrals, signals, payouts, messages] = await Promise.all([
        listMemberSessions({ db, clock }, user.id, ""),
        referralsOf(db, user.id),
        openRiskSignals(db, user.id),
        payoutsFor(db, user.id),
        contactMessagesFrom(db, user.email),
      ]);
      return {
        email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
        frozen_at: user.frozenAt?.toISOString() ?? null,
        sessions: sessions.map((session) => ({
          id: session.id,
          device: session.device,
          network: session.network,
          last_used_at: session.lastUsedAt.toISOString(),
        })),
        referrals: referrals.map((row) => ({ id: row.id, email: row.email, created_at: row.created_at.toISOString() })),
        signals: signals.map((signal) => ({ kind: signal.kind, details: signal.details, created_at: signal.createdAt.toISOString() })),
        payouts: payouts.map((payout) => ({
          id: payout.id,
          amount: payout.amount.toString(),
          status: payout.status,
          requested_at: payout.requestedAt.toISOString(),
        })),
        messages: messages.map((row) => ({ id: row.id, at: row.created_at.toISOString(), subject: row.subject, message: row.message })),
      };
    },
  );

  endpoint("POST /api/admin/members/:id/:change", { config: staffChange("admin"), refusals: consoleRefusalText }, async (request) => {
    const { id, change } = request.params;
    const result = await changeMemberFreezeAsStaff({ db, clock }, actorOf(request), id, { change, reason: request.body.reason });
    if (!result.ok) return result;
    return { suc_msg: change === "freeze" ? CONSOLE_DONE.frozen : CONSOLE_DONE.unfrozen };
  });

  endpoint(
    "POST /api/admin/members/:id/sessions/:session/revoke",
    { config: staffChange("admin"), refusals: consoleRefusalText },
    async (request) => {
      const { id, session } = request.params;
      const result = await revokeMemberSessionAsStaff({ db, clock }, actorOf(request), id, { session, reason: request.body.reason });
      if (!result.ok) return result;
      app.sessions.forgetMember(id);
      return { suc_msg: CONSOLE_DONE.sessionRevoked };
    },
  );

  endpoint(
    "POST /api/admin/members/:id/resend-verification",
    { config: staffChange("console"), refusals: consoleRefusalText },
    async (request) => {
      const result = await resendVerificationAsStaff(accounts, actorOf(request), request.params.id, request.body.reason);
      if (!result.ok) return result;
      return { suc_msg: CONSOLE_DONE.verificationResent(result.email) };
    },
  );
}
