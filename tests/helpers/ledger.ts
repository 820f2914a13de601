import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Database, queryRows } from "../../server/db/client.ts";

/** Every balance equals the sum of its owner's ledger entries. */
export async function expectLedgerBalanced(db: Database): Promise<void> {
  const mismatches = await queryRows<{ id: number; balance: string; ledger: string }>(
    db,
    sql`select u.id, u.balance::text as balance, coalesce(l.total, 0)::text as ledger
          from users u left join (select user_id, sum(amount) as total from ledger_entries group by user_id) l on l.user_id = u.id
         where u.balance <> coalesce(l.total, 0)`,
  );
  expect(mismatches, "users whose balance differs from their ledger").toEqual([]);
}
