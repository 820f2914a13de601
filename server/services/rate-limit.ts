import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema.ts";

/** A limit: at most `max` events per fixed window of `windowMs`. */
export type Limit = { max: number; windowMs: number };

/**
 * Counters every instance shares: the database by default, Redis when
 * configured. Fixed windows keep a hit to one atomic statement.
 */
export type RateLimiter = {
  /** Adds one event to the key's current window; answers the count including it. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count in the key's current window. */
  count(key: string, windowMs: number): Promise<number>;
  /** Takes one event back from the key's current window (never below zero). */
  undo(key: string, windowMs: number): Promise<void>;
};

export function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Seconds until the key's current window closes, for Retry-After and messages. */
export function secondsUntilWindowEnds(now: Date, windowMs: number): number {
  return Math.ceil((windowStart(now, windowMs).getTime() + windowMs - now.getTime()) / 1000);
}

export function databaseRateLimiter({ db, clock }: { db: Database; clock: Clock }): RateLimiter {
  return {
    async hit(key, windowMs) {
      const now = clock.now();
      const start = windowStart(now, windowMs);
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: start, hits: 1, expiresAt: new Date(start.getTime() + windowMs) })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
      return row?.hits ?? 1;
    },
    async count(key, windowMs) {
      const start = windowStart(clock.now(), windowMs);
      const [row] = await db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, start)));
      return row?.hits ?? 0;
    },
    async undo(key, windowMs) {
      const start = windowStart(clock.now(), windowMs);
      await db
        .update(rateLimitCounters)
        .set({ hits: sql`${rateLimitCounters.hits} - 1` })
        .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, start), gt(rateLimitCounters.hits, 0)));
    },
  };
}

/** Deletes the windows that have closed; answers how many. */
export async function deleteExpiredRateLimits({ db, clock }: { db: Database; clock: Clock }): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, clock.now()))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}

const DECREMENT_IF_POSITIVE = "if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end";

/** Counters in Redis, for several instances without a database write per event: INCR and an expiry at the window's end. */
export function redisRateLimiter({ redis, clock, prefix = "rate-limit:" }: { redis: Redis; clock: Clock; prefix?: string }): RateLimiter {
  const keyFor = (key: string, windowMs: number) => `${prefix}${key}:${windowStart(clock.now(), windowMs).getTime()}`;
  return {
    async hit(key, windowMs) {
      const counter = keyFor(key, windowMs);
      const end = windowStart(clock.now(), windowMs).getTime() + windowMs;
      const results = await redis
        .multi()
        .incr(counter)
        .pexpireat(counter, end + 1000)
        .exec();
      const first = results?.[0];
      if (!first) throw new Error("Redis returned no result");
      if (first[0]) throw first[0];
      return Number(first[1]);
    },
    async count(key, windowMs) {
      return Number((await redis.get(keyFor(key, windowMs))) ?? 0);
    },
    async undo(key, windowMs) {
      await redis.eval(DECREMENT_IF_POSITIVE, 1, keyFor(key, windowMs));
    },
  };
}
