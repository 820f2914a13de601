import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ACCOUNT_DELETED } from "../../../common/api/account-deleted.ts";
import {
  accountRefusalText,
  EMAIL_CHANGE_SENT,
  OTHERS_ENDED,
  PASSWORD_CHANGED,
  SESSION_ENDED,
  TOO_MANY_RESENDS,
  VERIFICATION_SENT,
} from "../../../common/api/account-settings.ts";
import { NOT_LOGGED_IN } from "../../../common/api/auth.ts";
import type { AccountDeps } from "../../services/account-deps.ts";
import { sendVerificationEmail } from "../../services/account-recovery/verification.ts";
import { memberEmail } from "../../services/account-settings/member-email.ts";
import { listMemberSessions, revokeMemberSession, revokeOtherSessions } from "../../services/account-settings/member-sessions.ts";
import { changePassword, deleteAccount, type PasswordProof, requestEmailChange } from "../../services/account-settings/settings.ts";
import { networkOf } from "../../services/fairness/networks.ts";
import type { Limit, RateLimiter } from "../../services/rate-limit.ts";
import { endpoints, memberForm } from "../endpoint.ts";

/** The member's current password as this request typed it. */
const proofOf = (request: { userId: number; ip: string }, password: string): PasswordProof => ({
  userId: request.userId,
  password,
  ip: request.ip,
});

export type AccountSettingsOptions = { deps: AccountDeps; rateLimiter: RateLimiter; resendsPerMember: Limit };

/** The signed-in member's own account: resend the confirmation, password, email, sessions, deletion. */
export async function accountSettingsRoutes(fastify: FastifyInstance, { deps, rateLimiter, resendsPerMember }: AccountSettingsOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);

  endpoint("POST /api/resend-verification", { config: memberForm("account") }, async (request, reply) => {
    const sent = await rateLimiter.hit(`resend-verification:${request.userId}`, resendsPerMember.windowMs);
    if (sent > resendsPerMember.max) return reply.code(429).send({ err_msg: TOO_MANY_RESENDS });
    await sendVerificationEmail(deps, request.userId);
    return { suc_msg: VERIFICATION_SENT };
  });

  endpoint("POST /api/change-password", { config: memberForm("account"), refusals: accountRefusalText }, async (request) => {
    const { current_password, password, password2 } = request.body;
    const result = await changePassword(deps, proofOf(request, current_password), {
      sessionIdHash: request.sessionIdHash,
      password,
      password2,
    });
    if (!result.ok) return result;
    app.sessions.forgetMember(request.userId);
    return { suc_msg: PASSWORD_CHANGED };
  });

  endpoint("POST /api/change-email", { config: memberForm("account"), refusals: accountRefusalText }, async (request) => {
    const result = await requestEmailChange(deps, proofOf(request, request.body.password), request.body.new_email);
    return result.ok ? { suc_msg: EMAIL_CHANGE_SENT } : result;
  });

  endpoint("GET /api/sessions", { config: { member: true } }, async (request) => {
    const here = networkOf(request.ip);
    return {
      sessions: (await listMemberSessions(deps, request.userId, request.sessionIdHash)).map((session) => ({
        id: session.id,
        device: session.device,
        network: session.network,
        last_used_at: session.lastUsedAt.toISOString(),
        created_at: session.createdAt.toISOString(),
        current: session.current,
        this_network: session.network === here,
      })),
    };
  });

  endpoint("GET /api/account", { config: { member: true } }, async (request, reply) => {
    const member = await memberEmail(deps.db, request.userId);
    if (!member) return reply.code(403).send({ err_msg: NOT_LOGGED_IN });
    return { email: member.email, email_verified: member.verified };
  });

  endpoint("DELETE /api/sessions/:id", { config: memberForm("account"), refusals: accountRefusalText }, async (request) => {
    if (!(await revokeMemberSession(deps.db, request.userId, request.params.id))) return { ok: false, refusal: "session_ended" } as const;
    app.sessions.forgetMember(request.userId);
    return { suc_msg: SESSION_ENDED };
  });

  endpoint("POST /api/sessions/revoke-others", { config: memberForm("account") }, async (request) => {
    await revokeOtherSessions(deps.db, request.userId, request.sessionIdHash);
    app.sessions.forgetMember(request.userId);
    return { suc_msg: OTHERS_ENDED };
  });

  endpoint("POST /api/delete-account", { config: memberForm("account"), refusals: accountRefusalText }, async (request, reply) => {
    const result = await deleteAccount(deps, proofOf(request, request.body.password));
    if (!result.ok) return result;
    app.sessions.forgetMember(request.userId);
    app.sessions.forget(request, reply);
    request.log.info({ userId: request.userId }, "account deleted");
    return { suc_msg: ACCOUNT_DELETED };
  });
}
