import type { FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_REFUSALS, codesLockedMessage } from "../../../../common/api/admin.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import { checkSecondFactor, type SecondFactorAnswer } from "../../../services/console/code-attempts.ts";
import type { RateLimiter } from "../../../services/rate-limit.ts";

export type CodeCheckDeps = { db: Database; clock: Clock; totpKey: Buffer; rateLimiter: RateLimiter };

/**
 * Checks the operator's code, counted against their limit of wrong codes;
 * a wrong code is answered with 400, one past the limit with 429. Answers
 * whether the route may go on.
 */
export async function codeAccepted(
  deps: CodeCheckDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SecondFactorAnswer,
): Promise<boolean> {
  const { id, email } = request.operator;
  const check = await checkSecondFactor(deps, { id, email }, answer);
  if (check.ok) return true;
  if (check.reason === "throttled") {
    request.log.warn({ userId: id }, "console codes refused: too many wrong codes");
    await reply
      .code(429)
      .header("retry-after", String(check.retryAfterSeconds))
      .send({ err_msg: codesLockedMessage(check.retryAfterSeconds) });
    return false;
  }
  request.log.warn({ userId: id }, "console code refused");
  await reply.code(400).send({ err_msg: ADMIN_REFUSALS.badCode });
  return false;
}
