import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { NOT_LOGGED_IN } from "../../../common/api/auth.ts";
import { errorReply } from "../../../common/api/fields.ts";
import { ACCOUNT_FROZEN, ADDRESS_UPDATED, CLAIMED, STALE_ADDRESS, walletAddressRefusalText } from "../../../common/api/rewards.ts";
import { formatCountdown } from "../../../common/countdown.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { networkOf } from "../../services/fairness/networks.ts";
import { sampleHolding } from "../../services/quests/holding-samples.ts";
import { claimDailyReward, dashboardFor } from "../../services/rewards.ts";
import { creditStreakMilestones, type Streak, streakFrom } from "../../services/streaks.ts";
import { checkWalletAddress, updateWalletAddress } from "../../services/wallet-address.ts";
import { endpoints } from "../endpoint.ts";
import { refuse } from "../refusals.ts";

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
  /** Accounts claiming from one network in a day before each is flagged. */
  sharedNetworkAccounts: number;
  /** The chain index whose holder balances each claim notes for the hold quests; null when no hold quest can be checked. */
  holdingIndex: { name: string; token: string } | null;
};

export async function rewardRoutes(
  fastify: FastifyInstance,
  { site, db, clock, sharedNetworkAccounts, holdingIndex }: RewardRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const claim = app.endpointTable["GET /api/claim-daily-reward"];
  const rules = site.rewards;
  const _slug = site.token.slug;

  endpoint("GET /api/dashboard", { config: { member: true } }, async (request, reply) => {
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
  });

  app.get(
    "/api/claim-daily-reward",
    {
      // The hot call: the claim's own statement proves the session, so a claim is one round trip.
      config: { stateChanging: true, member: "in-statement" },
      schema: {
        querystring: claim.querystring,
        response: {
          200: claim.reply,
          409: claim.refusal,
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
      if (!result.ok && result.reason === "frozen") return reply.code(403).send({ err_msg: ACCOUNT_FROZEN });
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
      if (holdingIndex) await sampleHolding({ db, clock }, holdingIndex, result.userId);
      for (const milestone of credited)
        request.log.info({ userId: result.userId, days: milestone.days, bonus: milestone.bonus.toString() }, "streak milestone credited");
      request.log.info(
        { userId: request.userId, amount: result.amount.toString(), referrerCredited: result.referrerCredited },
        "daily reward claimed",
      );
      return { suc_msg: CLAIMED, amount: result.amount.toString() };
    },
  );

  endpoint(
    "PUT /api/dashboard-update-wallet-address",
    { config: { stateChanging: true, member: true, csrf: "update-wallet-address" } },
    async (request, reply) => {
      const body = request.body;
      const checked = checkWalletAddress(body.address, site);
      if (!checked.ok) return refuse(reply, checked, walletAddressRefusalText);
      if (!(await updateWalletAddress(db, request.userId, checked.address, body.old_address)))
        return reply.code(409).send({ err_msg: STALE_ADDRESS });
      return { suc_msg: ADDRESS_UPDATED, address: checked.address };
    },
  );
}
