import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  TOO_MANY_WAITLIST_REQUESTS,
  WAITLIST_CHECK_INBOX,
  WAITLIST_CONFIRMED,
  WAITLIST_LINK_EXPIRED,
  waitlistRefusalText,
} from "../../../common/api/waitlist.ts";
import { canonicalEmail } from "../../services/fairness/email-identity.ts";
import { rateLimitClientOf } from "../../services/fairness/networks.ts";
import type { Limit, RateLimiter } from "../../services/rate-limit.ts";
import { confirmWaitlist, joinWaitlist, type WaitlistDeps } from "../../services/waitlist.ts";
import { emailedLink, endpoints } from "../endpoint.ts";

export type WaitlistRoutesOptions = {
  deps: WaitlistDeps;
  rateLimiter: RateLimiter;
  joinsPerIp: Limit;
  joinsPerAddress: Limit;
};

/** The waitlist's two public calls: join (the "Coming soon" pop-up's form) and confirm (the link from the email). */
export async function waitlistRoutes(fastify: FastifyInstance, { deps, rateLimiter, joinsPerIp, joinsPerAddress }: WaitlistRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);

  endpoint(
    "POST /api/waitlist",
    { config: { stateChanging: true, csrf: "waitlist" }, refusals: waitlistRefusalText },
    async (request, reply) => {
      const { email } = request.body;
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
      if (!joined.ok) return joined;
      return { suc_msg: WAITLIST_CHECK_INBOX };
    },
  );

  endpoint("POST /api/waitlist/confirm", { config: emailedLink }, async (request, reply) => {
    if (!(await confirmWaitlist(deps, request.body.token))) return reply.code(400).send({ err_msg: WAITLIST_LINK_EXPIRED });
    return { suc_msg: WAITLIST_CONFIRMED };
  });
}
