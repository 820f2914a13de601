import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorReply, FORM_EXPIRED, successReply } from "../../../common/api/fields.ts";
import {
  confirmWaitlistBody,
  joinWaitlistBody,
  TOO_MANY_WAITLIST_REQUESTS,
  WAITLIST_CHECK_INBOX,
  WAITLIST_CONFIRMED,
  WAITLIST_LINK_EXPIRED,
} from "../../../common/api/waitlist.ts";
import { verifyCsrfToken } from "../../services/csrf.ts";
import { canonicalEmail } from "../../services/fairness/email-identity.ts";
import { rateLimitClientOf } from "../../services/fairness/networks.ts";
import type { Limit, RateLimiter } from "../../services/rate-limit.ts";
import { confirmWaitlist, joinWaitlist, type WaitlistDeps } from "../../services/waitlist.ts";

export type WaitlistRoutesOptions = {
  deps: WaitlistDeps;
  secret: string;
  slug: string;
  rateLimiter: RateLimiter;
  joinsPerIp: Limit;
  joinsPerAddress: Limit;
};

/** The waitlist's two public calls: join (the "Coming soon" pop-up's form) and confirm (the link from the email). */
export async function waitlistRoutes(
  fastify: FastifyInstance,
  { deps, secret, slug, rateLimiter, joinsPerIp, joinsPerAddress }: WaitlistRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/waitlist",
    { config: { stateChanging: true }, schema: { body: joinWaitlistBody(slug), response: { 200: successReply, "4xx": errorReply } } },
    async (request, reply) => {
      const { email, csrfToken } = request.body;
      const binding = await app.sessions.csrfBinding(request, reply, { create: false });
      if (!verifyCsrfToken(secret, csrfToken, "waitlist", binding, deps.clock.now()))
        return reply.code(403).send({ err_msg: FORM_EXPIRED });
      const [fromIp, forAddress] = await Promise.all([
        rateLimiter.hit(`waitlist:ip:${rateLimitClientOf(request.ip)}`, joinsPerIp.windowMs),
        rateLimiter.hit(`waitlist:address:${canonicalEmail(email, deps.fairness.identity)}`, joinsPerAddress.windowMs),
      ]);
      if (fromIp > joinsPerIp.max || forAddress > joinsPerAddress.max)
        return reply
          .code(429)
          .header("retry-after", String(Math.ceil(joinsPerIp.windowMs / 1000)))
          .send({ err_msg: TOO_MANY_WAITLIST_REQUESTS });
      const joined = await joinWaitlist(deps, email);
      if (!joined.ok) return reply.code(400).send({ err_msg: joined.message });
      return { suc_msg: WAITLIST_CHECK_INBOX };
    },
  );

  app.post(
    "/api/waitlist/confirm",
    { config: { stateChanging: true }, schema: { body: confirmWaitlistBody(slug), response: { 200: successReply, "4xx": errorReply } } },
    async (request, reply) => {
      if (!(await confirmWaitlist(deps, request.body.token))) return reply.code(400).send({ err_msg: WAITLIST_LINK_EXPIRED });
      return { suc_msg: WAITLIST_CONFIRMED };
    },
  );
}
