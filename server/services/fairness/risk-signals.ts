import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import type { RiskSignalKind } from "../../db/schema.ts";

type Deps = { db: Database; clock: Clock };
const DAY_MS = 24 * 60 * 60 * 1000;

export type RiskSignal = { kind: RiskSignalKind; subject: string; details: string; createdAt: Date };

/** Flags accounts with one signal each (the checks below, and an operator's own finding); a cause already recorded for an account is not recorded twice. */
export async function flag(
  { db, clock }: Deps,
  userIds: readonly number[],
  signal: { kind: RiskSignalKind; subject: string; details: string },
) {
  if (userIds.length === 0) return;
  const ids = sql.join(
    userIds.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into risk_signals (user_id, kind, subject, details, created_at)
    select id, ${signal.kind}, ${signal.subject}, ${signal.details}, ${clock.now()} from (values ${ids}) as flagged(id)
    on conflict (user_id, kind, subject) do nothing`);
}

/** The signals that still send the account's payouts to review. */
export async function openRiskSignals(db: Database, userId: number): Promise<RiskSignal[]> {
  const rows = await queryRows<{ kind: RiskSignalKind; subject: string; details: string; created_at: Date }>(
    db,
    sql`select kind, subject, details, created_at from risk_signals where user_id = ${userId} and cleared_at is null order by id`,
  );
  return rows.map((row) => ({ kind: row.kind, subject: row.subject, details: row.details, createdAt: row.created_at }));
}

/** Many sign-ups from one network in a day: every one of them is flagged (a household shares a network, so this never blocks). */
export async function noteSignupNetwork(deps: Deps & { threshold: number }, network: string): Promise<void> {
  const since = new Date(deps.clock.now().getTime() - DAY_MS);
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`select id from users where signup_network = ${network} and created_at > ${since} order by id limit 1000`,
  );
  if (rows.length < deps.threshold) return;
  await flag(
    deps,
    rows.map((row) => row.id),
    { kind: "shared_network_signups", subject: network, details: `${rows.length} accounts signed up from ${network} within a day` },
  );
}

/** A wallet another account also gave or proved: flags both sides. */
export async function noteSharedWallet(deps: Deps, userId: number, address: string): Promise<void> {
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`select id from users where lower(wallet_address) = ${address.toLowerCase()} and id <> ${userId} order by id limit 1000`,
  );
  if (rows.length === 0) return;
  await flag(deps, [userId, ...rows.map((row) => row.id)], {
    kind: "wallet_tried_elsewhere",
    subject: address,
    details: `${rows.length + 1} accounts gave the wallet ${address}`,
  });
}

/** A referrer with two or more referred accounts that all signed up from the referrer's own network, or one network. */
export async function noteReferralTree(deps: Deps, referrerId: number): Promise<void> {
  const rows = await queryRows<{ id: number; signup_network: string | null }>(
    deps.db,
    sql`select id, signup_network from users where referred_by = ${referrerId} order by id limit 1000`,
  );
  const networks = new Set(rows.map((row) => row.signup_network));
  const [network] = networks;
  if (rows.length < 2 || networks.size !== 1 || !network) return;
  await flag(deps, [referrerId, ...rows.map((row) => row.id)], {
    kind: "referral_tree_one_network",
    subject: `referrer ${referrerId}`,
    details: `all ${rows.length} accounts this referrer brought signed up from ${network}`,
  });
}

/** Accounts older than the canonical-email rule whose forms collide: the oldest keeps the form, the others are flagged, none deleted. */
export async function flagCanonicalCollision(deps: Deps, userId: number, keeperId: number): Promise<void> {
  await flag(deps, [userId, keeperId], {
    kind: "canonical_email_collision",
    subject: `accounts ${keeperId} and ${userId}`,
    details: `accounts ${keeperId} and ${userId} have one address once tags, dots and case are set aside`,
  });
}

/** Someone tried to open another account with a spelling of this account's address (a +tag, dots, other case). */
export async function noteAddressVariantAttempt(deps: Deps, keeperId: number): Promise<void> {
  await flag(deps, [keeperId], {
    kind: "canonical_email_collision",
    subject: "sign-up with a variant of the address",
    details: "a sign-up was tried with another spelling of this account's address (a +tag, dots or case)",
  });
}
