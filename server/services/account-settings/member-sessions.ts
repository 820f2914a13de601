import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { cancelEmailTokens } from "../account-recovery/email-tokens.ts";
import { describeUserAgent } from "./user-agent.ts";

export type MemberSession = { id: string; device: string; network: string | null; lastUsedAt: Date; createdAt: Date; current: boolean };

/** The public id of a session: the start of its id's hash, enough to name it in a list, useless as a cookie. */
const PUBLIC_ID_LENGTH = 16;

export async function listMemberSessions(
  { db, clock }: { db: Database; clock: Clock },
  userId: number,
  currentIdHash: string,
): Promise<MemberSession[]> {
  const rows = await queryRows<{
    id_hash: string;
    user_agent: string | null;
    network: string | null;
    last_seen_at: Date;
    created_at: Date;
  }>(
    db,
    sql`select id_hash, user_agent, network, last_seen_at, created_at from sessions
         where user_id = ${userId} and expires_at > ${clock.now()} order by last_seen_at desc, id_hash`,
  );
  return rows.map((row) => ({
    id: row.id_hash.slice(0, PUBLIC_ID_LENGTH),
    device: describeUserAgent(row.user_agent),
    network: row.network,
    lastUsedAt: row.last_seen_at,
    createdAt: row.created_at,
    current: row.id_hash === currentIdHash,
  }));
}

/** Ends one of the member's sessions by its public id; answers whether one ended. */
export async function revokeMemberSession(db: Database, userId: number, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{16}$/.test(id)) return false;
  const rows = await queryRows<{ id_hash: string }>(
    db,
    sql`delete from sessions where user_id = ${userId} and left(id_hash, ${PUBLIC_ID_LENGTH}) = ${id} returning id_hash`,
  );
  return rows.length > 0;
}

/**
 * Ends every other session of the member, and cancels a pending change of address in the same transaction:
 * someone who knew the password and asked to move the account to their address must not keep that link.
 */
export async function revokeOtherSessions(db: Database, userId: number, currentIdHash: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id_hash: string }>(
      tx,
      sql`delete from sessions where user_id = ${userId} and id_hash <> ${currentIdHash} returning id_hash`,
    );
    await cancelEmailTokens(tx, userId, ["change_email", "cancel_email_change"]);
    return rows.length;
  });
}
