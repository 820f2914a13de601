import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { NOT_LOGGED_IN } from "../../../common/api/accounts.ts";
import { appQuery, errorReply, FORM_EXPIRED } from "../../../common/api/fields.ts";
import {
  ACCOUNT_ON_HOLD,
  ADDRESS_UPDATED,
  CLAIMED,
  claimRefusal,
  claimReply,
  dashboardReply,
  STALE_ADDRESS,
  walletBody,
  walletReply,
} from "../../../common/api/rewards.ts";
import { formatCountdown } from "../../../common/countdown.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { verifyCsrfToken } from "../../services/csrf.ts";
import { networkOf } from "../../services/fairness/networks.ts";
import { claimDailyReward, dashboardFor } from "../../services/rewards.ts";
import { creditStreakMilestones, type Streak, streakFrom } from "../../services/streaks.ts";
import { checkWalletAddress, updateWalletAddress } from "../../services/wallet-address.ts";

/** HH:MM:SS, rounded up, so "00:00:00" is shown only when a claim is really due. */
const timeRemaining = (ms: number) => formatCountdown(Math.ceil(ms / 1000));

const streakFields = (streak: Streak) => ({
  days: streak.days,
  claimed_today: streak.claimedToday,
  freeze_held: streak.freezeHeld,
  ends_at: streak.endsAt?.toISOString() ?? null,
  at_risk: streak.atRisk,
  week: streak.week,
  next_milestone: streak.nextMilestone && { days: streak.nextMilestone.days, bonus: String(streak.nextMilestone.bonus) },
});

export type RewardRoutesOptions = {
  site: SiteConfig;
  db: Database;
  clock: Clock;
  secret: string;
  /** Accounts claiming from one network in a day before each is flagged. */
  sharedNetworkAccounts: number;
};

declare module "fastify" {
  interface FastifyRequest {
    userId: number;
    sessionIdHash: string;
  }
  interface FastifyContextConfig {
    /** The handler proves the session live inside its own statement: the guard only asks for a well-formed session cookie. */
    sessionInStatement?: boolean;
  }
}

/**
 * The signed-in area: one guard in front of every route of the plugin that
 * calls it; 403 without a live session. A route marked sessionInStatement
 * gets the cookie's id hash unchecked, and must answer 403 itself when its
 * statement finds no live session.
 */
export function guardMemberArea(app: FastifyInstance): void {
  app.decorateRequest("userId", 0);
  app.decorateRequest("sessionIdHash", "");
  const refuse = (reply: FastifyReply) => reply.code(403).header("cache-control", "no-store").send({ err_msg: NOT_LOGGED_IN });
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    if (request.routeOptions.config.sessionInStatement) {
      const idHash = app.sessions.cookieIdHash(request);
      if (!idHash) return refuse(reply);
      request.sessionIdHash = idHash;
      return;
    }
    const session = await app.sessions.current(request);
    if (!session) return refuse(reply);
    request.userId = session.userId;
    request.sessionIdHash = session.idHash;
  });
}

export async function rewardRoutes(fastify: FastifyInstance, { site, db, clock, secret, sharedNetworkAccounts }: RewardRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rules = site.rewards;
  const slug = site.token.slug;
  guardMemberArea(fastify);

  app.get(
    "/api/dashboard",
    { schema: { querystring: appQuery(slug), response: { 200: dashboardReply, "4xx": errorReply } } },
    async (request, reply) => {
      const dashboard = await dashboardFor({ db, clock, rules }, request.userId);
      if (!dashboard) return reply.code(403).send({ err_msg: NOT_LOGGED_IN });
      return {
        time_remaining: timeRemaining(dashboard.msRemaining),
        balance: dashboard.balance.toString(),
        address: dashboard.address,
        referral_code: dashboard.referralCode,
        first_name: dashboard.firstName,
        today_reward: dashboard.todaysReward.toString(),
        referral_count: dashboard.referralCount,
        referral_bonus_total: dashboard.referralBonusTotal.toString(),
        referral_bonus_pending: dashboard.referralBonusPending.toString(),
        email_verified: dashboard.emailVerified,
        recent_activity: dashboard.recent.map((entry) => ({
          kind: entry.kind,
          amount: entry.amount.toString(),
          created_at: entry.createdAt.toISOString(),
        })),
        streak: streakFields(streakFrom(dashboard.claimDays, clock.now(), rules.streakMilestones)),
      };
    },
  );

  app.get(
    "/api/claim-daily-reward",
    {
      // The hot call: the claim's own statement proves the session, so a claim is one round trip.
      config: { stateChanging: true, sessionInStatement: true },
      schema: {
        querystring: appQuery(slug),
        response: {
          200: claimReply,
          409: claimRefusal,
          "4xx": errorReply,
        },
      },
    },
    async (request, reply) => {
      const result = await claimDailyReward(
        { db, clock, rules },
        { sessionIdHash: request.sessionIdHash },
        { network: networkOf(request.ip), sharedNetworkAccounts },
      );
      if (!result.ok && result.reason === "signed-out") {
        // The usual lookup forgets an expired session as every other call does.
        await app.sessions.current(request);
        return reply.code(403).send({ err_msg: NOT_LOGGED_IN });
      }
      request.userId = result.userId;
      // An idle-limited session's last use is written as the usual lookup would.
      if (result.sessionTouchDue) await app.sessions.current(request);
      if (!result.ok && result.reason === "frozen") return reply.code(403).send({ err_msg: ACCOUNT_ON_HOLD });
      if (!result.ok) {
        const remaining = timeRemaining(result.msRemaining);
        return reply
          .code(409)
          .send({ err_msg: `Your next reward is not ready yet. Come back in ${remaining}.`, time_remaining: remaining });
      }
      app.metrics.claimsCredited.inc();
      const { credited } =
        rules.streakMilestones.length > 0
          ? await creditStreakMilestones({ db, clock, milestones: rules.streakMilestones }, result.userId)
          : { credited: [] };
      for (const milestone of credited)
        request.log.info({ userId: result.userId, days: milestone.days, bonus: milestone.bonus.toString() }, "streak milestone credited");
      request.log.info(
        { userId: request.userId, amount: result.amount.toString(), referrerCredited: result.referrerCredited },
        "daily reward claimed",
      );
      return { suc_msg: CLAIMED, amount: result.amount.toString() };
    },
  );

  app.put(
    "/api/dashboard-update-wallet-address",
    {
      config: { stateChanging: true },
      schema: { body: walletBody(slug), response: { 200: walletReply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const body = request.body;
      const binding = await app.sessions.csrfBinding(request, reply, { create: false });
      if (!verifyCsrfToken(secret, body.csrfToken, "update-wallet-address", binding, clock.now()))
        return reply.code(403).send({ err_msg: FORM_EXPIRED });
      const checked = checkWalletAddress(body.address, site);
      if (!checked.ok) return reply.code(400).send({ err_msg: checked.message });
      if (!(await updateWalletAddress(db, request.userId, checked.address, body.old_address)))
        return reply.code(409).send({ err_msg: STALE_ADDRESS });
      return { suc_msg: ADDRESS_UPDATED, address: checked.address };
    },
  );
}
