import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../db/client.ts";

/**
 * How far a reader of the chain (reconciliation, the market's index) has read, and the row's version (its xmin): any
 * run that saves its work rewrites the row, so the version changes even when the block number does not, and a run that
 * finds another version when it saves knows it was overtaken.
 */
export type ChainCursor = { lastBlock: bigint; version: string } | null;

export async function readChainCursor(db: Database, table: "chain_cursors" | "chain_index_state", name: string): Promise<ChainCursor> {
  const [row] = await queryRows<{ last_block: string; version: string }>(
    db,
    sql`select last_block::text, xmin::text as version from ${sql.identifier(table)} where name = ${name}`,
  );
  return row ? { lastBlock: BigInt(row.last_block), version: row.version } : null;
}
