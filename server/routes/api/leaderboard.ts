import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DISPLAY_NAME_REMOVED, DISPLAY_NAME_SAVED, DISPLAY_NAME_TAKEN } from "../../../common/api/leaderboard.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { currentSeason, displayNameOf, leaderboard, setDisplayName } from "../../services/leaderboard.ts";
import { endpoints } from "../endpoint.ts";

export type LeaderboardRoutesOptions = { site: SiteConfig; db: Database; clock: Clock };

/** The public board of a season, and the member's choice to appear on it under a name. */
export async function leaderboardRoutes(fastify: FastifyInstance, { site, db, clock }: LeaderboardRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);

  endpoint("GET /api/leaderboard", {}, async (request) => {
    const now = currentSeason(clock);
    const season = request.query.season ?? now;
    const entries = season > now ? [] : await leaderboard(db, season, site.rewards.claimXp);
    return {
      season,
      current_season: now,
      claim_xp: site.rewards.claimXp,
      entries: entries.map(({ rank, displayName, xp }) => ({ rank, display_name: displayName, xp })),
    };
  });

  endpoint("GET /api/display-name", { config: { member: true } }, async (request) => ({
    display_name: await displayNameOf(db, request.userId),
  }));

  endpoint("PUT /api/display-name", { config: { member: true, csrf: "account" } }, async (request, reply) => {
    const name = request.body.display_name;
    if (!(await setDisplayName(db, request.userId, name))) return reply.code(409).send({ err_msg: DISPLAY_NAME_TAKEN });
    return { suc_msg: name === "" ? DISPLAY_NAME_REMOVED : DISPLAY_NAME_SAVED };
  });
}
