import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { appQuery, errorReply, successReply } from "../../../common/api/fields.ts";
import {
  DISPLAY_NAME_REMOVED,
  DISPLAY_NAME_SAVED,
  DISPLAY_NAME_TAKEN,
  displayNameBody,
  displayNameReply,
  leaderboardQuery,
  leaderboardReply,
} from "../../../common/api/leaderboard.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { currentSeason, displayNameOf, leaderboard, setDisplayName } from "../../services/leaderboard.ts";

export type LeaderboardRoutesOptions = { site: SiteConfig; db: Database; clock: Clock };

/** The public board of a season, and the member's choice to appear on it under a name. */
export async function leaderboardRoutes(fastify: FastifyInstance, { site, db, clock }: LeaderboardRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const slug = site.token.slug;

  app.get(
    "/api/leaderboard",
    { schema: { querystring: leaderboardQuery(slug), response: { 200: leaderboardReply, "4xx": errorReply } } },
    async (request) => {
      const now = currentSeason(clock);
      const season = request.query.season ?? now;
      const entries = season > now ? [] : await leaderboard(db, season, site.rewards.claimXp);
      return {
        season,
        current_season: now,
        claim_xp: site.rewards.claimXp,
        entries: entries.map(({ rank, displayName, xp }) => ({ rank, display_name: displayName, xp })),
      };
    },
  );

  app.get(
    "/api/display-name",
    { config: { member: true }, schema: { querystring: appQuery(slug), response: { 200: displayNameReply, "4xx": errorReply } } },
    async (request) => ({ display_name: await displayNameOf(db, request.userId) }),
  );

  app.put(
    "/api/display-name",
    {
      config: { member: true, csrf: "account" },
      schema: { body: displayNameBody(slug), response: { 200: successReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const name = request.body.display_name;
      if (!(await setDisplayName(db, request.userId, name))) return reply.code(409).send({ err_msg: DISPLAY_NAME_TAKEN });
      return { suc_msg: name === "" ? DISPLAY_NAME_REMOVED : DISPLAY_NAME_SAVED };
    },
  );
}
