import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";

/**
 * Notes the member's verified wallet's balance at a daily claim, from the chain index's holder balances as of
 * its last block. One sample per UTC day: a second claim that day keeps the lower balance, or the new wallet's
 * if the member verified another meanwhile. Nothing is noted without a verified wallet or before the index's
 * first reading.
 */
export async function sampleHolding(
  { db, clock }: { db: Database; clock: Clock },
  index: { name: string; token: string },
  userId: number,
): Promise<void> {
  const now = clock.now();
  await db.execute(sql`
    insert into holding_samples (user_id, day, wallet, balance, block_number, sampled_at)
    select u.id, ${now.toISOString().slice(0, 10)}::date, u.wallet_address, coalesce(b.balance, 0), s.last_block, ${now}
      from users u
      join chain_index_state s on s.name = ${index.name}
      left join token_balances b on b.token = ${index.token} and b.holder = u.wallet_address
     where u.id = ${userId} and u.wallet_verified_at is not null
    on conflict (user_id, day) do update set
      balance = excluded.balance, wallet = excluded.wallet, block_number = excluded.block_number, sampled_at = excluded.sampled_at
     where holding_samples.wallet <> excluded.wallet or excluded.balance < holding_samples.balance`);
}
