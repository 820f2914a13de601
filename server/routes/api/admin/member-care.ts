import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { memberActivityReply, memberFreezeParams, memberIdParams, memberSessionParams, reasonBody } from "../../../../common/api/admin.ts";
import { errorReply, successReply } from "../../../../common/api/fields.ts";
import type { AccountDeps } from "../../../services/account-deps.ts";
import { sendVerificationEmail } from "../../../services/account-recovery/verification.ts";
import { listMemberSessions, revokeMemberSession } from "../../../services/account-settings/member-sessions.ts";
import { recordAudit } from "../../../services/audit.ts";
import { contactMessagesFrom, referralsOf, setMemberFrozen } from "../../../services/console/member-care.ts";
import { openRiskSignals } from "../../../services/fairness/risk-signals.ts";
import { payoutsFor } from "../../../services/payouts/requests.ts";
import { findUserById } from "../../../services/users.ts";
import { actorOf } from "./guard.ts";

const NO_MEMBER = "No member has that number.";
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
      if (!user) return reply.code(404).send({ err_msg: NO_MEMBER });
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
      const changed = await db.transaction(async (tx) => {
        const states = await setMemberFrozen({ db: tx, clock }, id, change === "freeze");
        if (states)
          await recordAudit(tx, clock, actorOf(request), {
            action: `member.${change}`,
            subject: `user:${id}`,
            before: { frozen_at: states.before },
            after: { frozen_at: states.after },
            reason: request.body.reason,
          });
        return states;
      });
      if (!changed) return reply.code(404).send({ err_msg: NO_MEMBER });
      return {
        suc_msg:
          change === "freeze"
            ? "The account is on hold: no claim, transfer request or batch until you unfreeze it."
            : "The account is off hold: claims and transfers work again.",
      };
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
      if (!(await revokeMemberSession(db, id, session))) return reply.code(404).send({ err_msg: "That session has already ended." });
      app.sessions.forgetMember(id);
      await recordAudit(db, clock, actorOf(request), {
        action: "member.session_revoke",
        subject: `user:${id}`,
        before: { session },
        reason: request.body.reason,
      });
      return { suc_msg: "That session is signed out." };
    },
  );

  app.post(
    "/api/admin/members/:id/resend-verification",
    {
      config: { consoleAccess: "console", stateChanging: true },
      schema: { params: memberIdParams, body: reasonBody, response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const user = await findUserById(db, request.params.id);
      if (!user) return reply.code(404).send({ err_msg: NO_MEMBER });
      if (user.emailVerifiedAt) return reply.code(409).send({ err_msg: "This member's email address is already confirmed." });
      await sendVerificationEmail(accounts, user.id);
      await recordAudit(db, clock, actorOf(request), {
        action: "member.resend_verification",
        subject: `user:${user.id}`,
        reason: request.body.reason,
      });
      return { suc_msg: `A new confirmation link is on its way to ${user.email}.` };
    },
  );
}
