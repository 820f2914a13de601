import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  CONSOLE_DONE,
  consoleRefusalText,
  memberActivityReply,
  memberFreezeParams,
  memberIdParams,
  memberSessionParams,
  reasonBody,
} from "../../../../common/api/admin.ts";
import { errorReply, successReply } from "../../../../common/api/fields.ts";
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
import { refuse } from "../../refusals.ts";
import { actorOf } from "./guard.ts";

const iso = (value: Date | string) => new Date(value).toISOString();

/** A member's activity for the console's member page, and what an operator does about it: freeze, sessions, the verification email. */
export async function consoleMemberCareRoutes(fastify: FastifyInstance, { accounts }: { accounts: AccountDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = accounts;

  app.get(
    "/api/admin/members/:id/activity",
    { config: { consoleAccess: "console" }, schema: { params: memberIdParams, response: { 200: memberActivityReply, "4xx": errorReply } } },
    async (request, reply) => {
      const user = await findUserById(db, request.params.id);
      if (!user) return refuse(reply, { refusal: "unknown_member" }, consoleRefusalText);
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
        referrals: referrals.map((row) => ({ id: row.id, email: row.email, created_at: iso(row.created_at) })),
        signals: signals.map((signal) => ({ kind: signal.kind, details: signal.details, created_at: signal.createdAt.toISOString() })),
        payouts: payouts.map((payout) => ({
          id: payout.id,
          amount: payout.amount.toString(),
          status: payout.status,
          requested_at: payout.requestedAt.toISOString(),
        })),
        messages: messages.map((row) => ({ id: row.id, at: iso(row.created_at), subject: row.subject, message: row.message })),
      };
    },
  );

  app.post(
    "/api/admin/members/:id/:change",
    {
      config: { consoleAccess: "admin", stateChanging: true },
      schema: { params: memberFreezeParams, body: reasonBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const { id, change } = request.params;
      const result = await changeMemberFreezeAsStaff({ db, clock }, actorOf(request), id, { change, reason: request.body.reason });
      if (!result.ok) return refuse(reply, result, consoleRefusalText);
      return { suc_msg: change === "freeze" ? CONSOLE_DONE.frozen : CONSOLE_DONE.unfrozen };
    },
  );

  app.post(
    "/api/admin/members/:id/sessions/:session/revoke",
    {
      config: { consoleAccess: "admin", stateChanging: true },
      schema: { params: memberSessionParams, body: reasonBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const { id, session } = request.params;
      const result = await revokeMemberSessionAsStaff({ db, clock }, actorOf(request), id, { session, reason: request.body.reason });
      if (!result.ok) return refuse(reply, result, consoleRefusalText);
      app.sessions.forgetMember(id);
      return { suc_msg: CONSOLE_DONE.sessionRevoked };
    },
  );

  app.post(
    "/api/admin/members/:id/resend-verification",
    {
      config: { consoleAccess: "console", stateChanging: true },
      schema: { params: memberIdParams, body: reasonBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const result = await resendVerificationAsStaff(accounts, actorOf(request), request.params.id, request.body.reason);
      if (!result.ok) return refuse(reply, result, consoleRefusalText);
      return { suc_msg: CONSOLE_DONE.verificationResent(result.email) };
    },
  );
}
