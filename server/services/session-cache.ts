import type { ActiveSession } from "./sessions.ts";

/** How long this instance trusts a session it looked up: the most a sign-out on another instance takes to reach this one. */
export const SESSION_CACHE_MS = 2_000;
/** Beyond this many sessions the oldest lookups are dropped first; a busy second of distinct members still fits. */
const MAX_CACHED = 10_000;

/**
 * The live sessions this instance looked up in the last two seconds, so the
 * burst of API calls a page makes costs one session lookup, not one each.
 * Whatever ends sessions on this instance drops them here at once; another
 * instance's sign-out is seen once the entry is older than SESSION_CACHE_MS.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: ActiveSession; until: number }>();

  get(idHash: string, now: Date): ActiveSession | null {
    const entry = this.entries.get(idHash);
    if (!entry) return null;
    if (entry.until > now.getTime()) return entry.session;
    this.entries.delete(idHash);
    return null;
  }

  /** Kept until SESSION_CACHE_MS from now, or the session's own expiry if sooner. */
  set(session: ActiveSession, now: Date): void {
    if (this.entries.size >= MAX_CACHED) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.delete(session.idHash);
    this.entries.set(session.idHash, { session, until: Math.min(now.getTime() + SESSION_CACHE_MS, session.expiresAt.getTime()) });
  }

  forgetSession(idHash: string): void {
    this.entries.delete(idHash);
  }

  /** Every cached session of a member: after a login, a password change or reset, a revoked device, a deletion. */
  forgetMember(userId: number): void {
    for (const [idHash, entry] of this.entries) if (entry.session.userId === userId) this.entries.delete(idHash);
  }
}
