import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { normalizeEmail } from "../../../common/account-rules.ts";
import {
  accountRefusalText,
  EMAIL_CHANGE_CANCELLED,
  EMAIL_CHANGED,
  EMAIL_VERIFIED,
  NO_EMAIL_CHANGE_WAITING,
  PASSWORD_RESET,
  RESET_REQUESTED,
  TOO_MANY_RESETS,
} from "../../../common/api/account-settings.ts";
import type { AccountDeps } from "../../services/account-deps.ts";
import { resetPassword, sendPasswordResetEmail } from "../../services/account-recovery/password-reset.ts";
import { cancelEmailChange, confirmEmailChange, verifyEmail } from "../../services/account-recovery/verification.ts";
import type { BackgroundWork } from "../../services/background-work.ts";
import { rateLimitClientOf } from "../../services/fairness/networks.ts";
import type { Limit, RateLimiter } from "../../services/rate-limit.ts";
import { emailedLink, endpoints } from "../endpoint.ts";

export type AccountRecoveryOptions = {
  deps: AccountDeps;
  rateLimiter: RateLimiter;
  background: BackgroundWork;
  resetsPerIp: Limit;
  resetsPerAddress: Limit;
};

/** The links sent by email, and the forgotten password: open to visitors who are not signed in. */
export async function accountRecoveryRoutes(fastify: FastifyInstance, options: AccountRecoveryOptions) {
  const { deps, rateLimiter, background, resetsPerIp, resetsPerAddress } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);

  endpoint("POST /api/verify-email", { config: emailedLink, refusals: accountRefusalText }, async (request) => {
    // One page serves both links: the first address's confirmation, and a new address's.
    if ((await verifyEmail(deps, request.body.token)).ok) return { suc_msg: EMAIL_VERIFIED };
    const changed = await confirmEmailChange(deps, request.body.token);
    return changed.ok ? { suc_msg: EMAIL_CHANGED } : changed;
  });

  endpoint("POST /api/cancel-email-change", { config: emailedLink, refusals: accountRefusalText }, async (request) => {
    const result = await cancelEmailChange(deps, request.body.token);
    if (!result.ok) return result;
    return { suc_msg: result.cancelled ? EMAIL_CHANGE_CANCELLED : NO_EMAIL_CHANGE_WAITING };
  });

  endpoint("POST /api/forgot-password", { config: { stateChanging: true, csrf: "forgot-password" } }, async (request, reply) => {
    const body = request.body;
    const [fromIp, forAddress] = await Promise.all([
      rateLimiter.hit(`reset:ip:${rateLimitClientOf(request.ip)}`, resetsPerIp.windowMs),
      rateLimiter.hit(`reset:address:${normalizeEmail(body.username)}`, resetsPerAddress.windowMs),
    ]);
    if (fromIp > resetsPerIp.max || forAddress > resetsPerAddress.max) return reply.code(429).send({ err_msg: TOO_MANY_RESETS });
    // Answered before the lookup: the answer and its timing are the same whether or not the account exists.
    background.run(() => sendPasswordResetEmail(deps, body.username));
    return { suc_msg: RESET_REQUESTED };
  });

  endpoint(
    "POST /api/reset-password",
    { config: { stateChanging: true, csrf: "reset-password" }, refusals: accountRefusalText },
    async (request, reply) => {
      const body = request.body;
      const result = await resetPassword(deps, { token: body.token, password: body.password, password2: body.password2, ip: request.ip });
      if (!result.ok) return result;
      // The reset ended every session, this browser's too.
      app.sessions.forgetMember(result.userId);
      app.sessions.forget(request, reply);
      return { suc_msg: PASSWORD_RESET };
    },
  );
}
