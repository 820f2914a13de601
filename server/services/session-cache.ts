import type { Clock } from "../clock.ts";
import type { ActiveSession } from "./sessions.ts";

/** How long this instance trusts a session it looked up: the most a sign-out on another instance takes to reach this one. */
export const SESSION_CACHE_MS = 2_000;
/** Beyond this many sessions the oldest lookups are dropped first; a busy second of distinct members still fits. */
const MAX_CACHED = 10_000;

type Lookup = { endings: number; session: Promise<ActiveSession | null> };

/**
 * The live sessions this instance looked up in the last two seconds, so the
 * burst of API calls a page makes costs one session lookup, not one each:
 * calls that arrive while their session is being looked up wait for that
 * lookup. Whatever ends sessions on this instance drops them here at once;
 * another instance's sign-out is seen once the entry is older than
 * SESSION_CACHE_MS.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: ActiveSession; until: number }>();
  private readonly lookups = new Map<string, Lookup>();
  /** Bumped whenever sessions are ended here: a lookup that began before is neither cached nor joined, as its row may be gone. */
  private endings = 0;

  /** The session with this id hash: from the cache, else from the lookup under way, else from `find`. */
  lookUp(idHash: string, clock: Clock, find: (idHash: string) => Promise<ActiveSession | null>): Promise<ActiveSession | null> {
    const cached = this.get(idHash, clock.now());
    if (cached) return Promise.resolve(cached);
    const underWay = this.lookups.get(idHash);
    if (underWay && underWay.endings === this.endings) return underWay.session;
    const lookup: Lookup = { endings: this.endings, session: Promise.resolve(null) };
    // Listed before `find` runs, so that its end, however it ends, finds and removes it.
    this.lookups.set(idHash, lookup);
    lookup.session = (async () => {
      try {
        const session = await find(idHash);
        if (session && this.endings === lookup.endings) this.set(session, clock.now());
        return session;
      } finally {
        if (this.lookups.get(idHash) === lookup) this.lookups.delete(idHash);
      }
    })();
    return lookup.session;
  }

  forgetSession(idHash: string): void {
    this.endings++;
    this.entries.delete(idHash);
  }

  /** Every cached session of a member: after a login, a password change or reset, a revoked device, a deletion. */
  forgetMember(userId: number): void {
    this.endings++;
    for (const [idHash, entry] of this.entries) if (entry.session.userId === userId) this.entries.delete(idHash);
  }

  private get(idHash: string, now: Date): ActiveSession | null {
    const entry = this.entries.get(idHash);
    if (!entry) return null;
    if (entry.until > now.getTime()) return entry.session;
    this.entries.delete(idHash);
    return null;
  }

  /** Kept until SESSION_CACHE_MS from now, or the session's own expiry if sooner. */
  private set(session: ActiveSession, now: Date): void {
    if (this.entries.size >= MAX_CACHED) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.delete(session.idHash);
    this.entries.set(session.idHash, { session, until: Math.min(now.getTime() + SESSION_CACHE_MS, session.expiresAt.getTime()) });
  }
}
