import { type SQL, sql } from "drizzle-orm";
import type { PlaceholderOf } from "../../db/client.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Claims this many days running, each within this many seconds of the moment it became due, look scripted. */
export const SCRIPTED_CLAIM_RUN = 7;
export const SCRIPTED_CLAIM_SECONDS = 2;

export type PunctualClaimValues = { now: string; claimIntervalMs: number };

/**
 * The new value of users.punctual_claims in a claim's UPDATE of the users
 * row: one more when this claim came within SCRIPTED_CLAIM_SECONDS of the
 * moment it became due, else none.
 */
export function punctualClaimsSql(value: PlaceholderOf<PunctualClaimValues>): SQL {
  return sql`case when last_claim_at is not null and abs(extract(epoch from ${value("now")}::timestamptz - last_claim_at) * 1000 - ${value("claimIntervalMs")}) <= ${SCRIPTED_CLAIM_SECONDS * 1000}
                  then punctual_claims + 1 else 0 end`;
}

/** Where a claim came from, for the fairness notes it makes. */
export type ClaimOrigin = {
  /** The claim's network (see networkOf). */
  network: string;
  /** Accounts claiming from one network within a day before each is flagged. */
  sharedNetworkAccounts: number;
};

export type ClaimNoteValues = {
  network: string;
  now: string;
  /** A day before the claim: claims since count towards a shared network. */
  since: string;
  sharedNetworkAccounts: number;
  /** The other accounts it takes to reach the threshold: the count stops there. */
  othersToCount: number;
  sharedNetworkDetails: string;
};

export function claimNoteValues({ network, sharedNetworkAccounts }: ClaimOrigin, now: Date): ClaimNoteValues {
  return {
    network,
    now: now.toISOString(),
    since: new Date(now.getTime() - DAY_MS).toISOString(),
    sharedNetworkAccounts,
    othersToCount: sharedNetworkAccounts - 1,
    sharedNetworkDetails: `${sharedNetworkAccounts} or more accounts claimed from ${network} within a day`,
  };
}

/**
 * The fairness notes of a claim, as CTEs that follow the claim's `claimed`
 * CTE (the credited account's row, or none) in the claim's own statement, so
 * they commit with the reward or not at all, in one round trip:
 * - the claim's network is remembered; once enough accounts claimed from it
 *   within a day, the claimant and every account of the network not flagged
 *   yet are flagged. The count stops at the threshold and claim_networks
 *   marks who is flagged, so a busy network costs a claim a few index
 *   entries, not a pass over all its accounts;
 * - a claim that came the second it became due, as the last seven did, is
 *   flagged as scripted: the claim's own UPDATE of the users row keeps the
 *   count (punctualClaimsSql), so this reads no history.
 * Every CTE sees the snapshot taken before the claim: the claimant is
 * counted and marked by hand, and known as `claimed`'s id.
 */
export function claimNotesSql(value: PlaceholderOf<ClaimNoteValues>): SQL {
  const claimant = sql`(select id from claimed)`;
  const network = value("network");
  const now = value("now");
  const since = value("since");
  return sql`
      , counted as (
        select count(*)::int + 1 >= ${value("sharedNetworkAccounts")} as shared from (
          select 1 from claim_networks where network = ${network} and last_claim_at > ${since} and user_id <> ${claimant}
           limit ${value("othersToCount")}) others
         where exists (select 1 from claimed)
      ), noted as (
        insert into claim_networks (user_id, network, last_claim_at, flagged_at)
        select claimed.id, ${network}, ${now}, case when shared then ${now}::timestamptz end from counted, claimed
        on conflict (user_id, network) do update
          set last_claim_at = excluded.last_claim_at, flagged_at = coalesce(claim_networks.flagged_at, excluded.flagged_at)
        returning user_id
      ), others as (
        update claim_networks set flagged_at = ${now}
         where network = ${network} and last_claim_at > ${since} and flagged_at is null and user_id <> ${claimant}
           and coalesce((select shared from counted), false)
        returning user_id
      ), shared_network as (
        insert into risk_signals (user_id, kind, subject, details, created_at)
        select user_id, 'shared_network_claims', ${network}, ${value("sharedNetworkDetails")}, ${now}
          from (select user_id from others union all select user_id from noted where (select shared from counted)) accounts
        on conflict (user_id, kind, subject) do nothing
      ), scripted as (
        insert into risk_signals (user_id, kind, subject, details, created_at)
        select id, 'scripted_claims', 'claim rhythm', ${`${SCRIPTED_CLAIM_RUN} claims in a row, each within ${SCRIPTED_CLAIM_SECONDS} s of becoming due`}, ${now}
          from claimed where punctual_claims >= ${SCRIPTED_CLAIM_RUN}
        on conflict (user_id, kind, subject) do nothing
      )`;
}
