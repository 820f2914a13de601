import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { priceSnapshots } from "../../db/schema.ts";
import type { CachedPrice } from "./price-cache.ts";

/**
 * Where instances share the price: one of them holds a short lease and reads
 * the upstream, the others take what it stored. So N instances make one
 * upstream request per interval, not N.
 */
export type SharedPrice = {
  /** True when this instance may read the upstream now (the lease is held until `ttlMs` passes). */
  tryLease(ttlMs: number): Promise<boolean>;
  publish(price: CachedPrice): Promise<void>;
  latest(): Promise<CachedPrice | null>;
};

export function databaseSharedPrice({ db, clock, source }: { db: Database; clock: Clock; source: string }): SharedPrice {
  const holder = randomUUID();
  return {
    async tryLease(ttlMs) {
      const now = clock.now();
      const expires = new Date(now.getTime() + ttlMs);
      const taken = await db
        .insert(priceSnapshots)
        .values({ source, leaseHolder: holder, leaseExpiresAt: expires })
        .onConflictDoUpdate({
          target: priceSnapshots.source,
          set: { leaseHolder: holder, leaseExpiresAt: expires },
          setWhere: sql`${priceSnapshots.leaseExpiresAt} is null or ${priceSnapshots.leaseExpiresAt} <= ${now}`,
        })
        .returning({ holder: priceSnapshots.leaseHolder });
      return taken[0]?.holder === holder;
    },
    async publish({ price, updatedAt }) {
      await db.update(priceSnapshots).set({ price, updatedAt }).where(eq(priceSnapshots.source, source));
    },
    async latest() {
      const [row] = await db
        .select({ price: priceSnapshots.price, updatedAt: priceSnapshots.updatedAt })
        .from(priceSnapshots)
        .where(eq(priceSnapshots.source, source));
      return row?.price && row.updatedAt ? { price: row.price, updatedAt: row.updatedAt } : null;
    },
  };
}

export function redisSharedPrice({ redis, source, prefix = "price:" }: { redis: Redis; source: string; prefix?: string }): SharedPrice {
  const holder = randomUUID();
  return {
    async tryLease(ttlMs) {
      return (await redis.set(`${prefix}${source}:lease`, holder, "PX", ttlMs, "NX")) === "OK";
    },
    async publish({ price, updatedAt }) {
      await redis.set(`${prefix}${source}:value`, JSON.stringify({ price, updatedAt: updatedAt.toISOString() }));
    },
    async latest() {
      const stored = await redis.get(`${prefix}${source}:value`);
      if (!stored) return null;
      const { price, updatedAt } = JSON.parse(stored) as { price: string; updatedAt: string };
      return { price, updatedAt: new Date(updatedAt) };
    },
  };
}
