import { describe, expect, it } from "vitest";
import { fakeClock } from "../clock.ts";
import { SESSION_CACHE_MS, SessionCache } from "./session-cache.ts";
import type { ActiveSession } from "./sessions.ts";

const clock = fakeClock();
const session: ActiveSession = { idHash: "a".repeat(64), userId: 7, remember: true, expiresAt: new Date("2026-12-21T12:00:00Z") };

/** A session lookup the test answers by hand, counting the lookups made. */
function heldLookups() {
  const answers: Array<(found: ActiveSession | null) => void> = [];
  const failures: Array<(error: Error) => void> = [];
  return {
    find: () =>
      new Promise<ActiveSession | null>((resolve, reject) => {
        answers.push(resolve);
        failures.push(reject);
      }),
    get made() {
      return answers.length;
    },
    answer: (index: number, found: ActiveSession | null) => answers[index]?.(found),
    fail: (index: number) => failures[index]?.(new Error("connection lost")),
  };
}

describe("SessionCache", () => {
  it("looks a session up once for the calls that ask while the lookup is under way, then answers from memory", async () => {
    const cache = new SessionCache();
    const lookups = heldLookups();
    const burst = [1, 2, 3].map(() => cache.lookUp(session.idHash, clock, lookups.find));
    expect(lookups.made).toBe(1);
    lookups.answer(0, session);
    expect(await Promise.all(burst)).toEqual([session, session, session]);
    clock.advance(SESSION_CACHE_MS - 1);
    expect(await cache.lookUp(session.idHash, clock, lookups.find)).toEqual(session);
    expect(lookups.made).toBe(1);
    clock.advance(1);
    void cache.lookUp(session.idHash, clock, lookups.find);
    expect(lookups.made).toBe(2);
  });

  it("neither joins nor keeps a lookup that began before sessions were ended here", async () => {
    const cache = new SessionCache();
    const lookups = heldLookups();
    const before = cache.lookUp(session.idHash, clock, lookups.find);
    cache.forgetMember(session.userId);
    const after = cache.lookUp(session.idHash, clock, lookups.find);
    expect(lookups.made).toBe(2);
    lookups.answer(0, session);
    expect(await before).toEqual(session);
    // The row the first lookup read may be gone: the second lookup answers, and only its result is kept.
    lookups.answer(1, null);
    expect(await after).toBeNull();
    void cache.lookUp(session.idHash, clock, lookups.find);
    expect(lookups.made).toBe(3);
  });

  it("fails every call that joined a failed lookup, and looks up afresh on the next call", async () => {
    const cache = new SessionCache();
    const lookups = heldLookups();
    const burst = [1, 2].map(() => cache.lookUp(session.idHash, clock, lookups.find));
    lookups.fail(0);
    for (const call of burst) await expect(call).rejects.toThrow("connection lost");
    const retry = cache.lookUp(session.idHash, clock, lookups.find);
    expect(lookups.made).toBe(2);
    lookups.answer(1, session);
    expect(await retry).toEqual(session);
  });

  it("does not keep a lookup whose function threw before it began", async () => {
    const cache = new SessionCache();
    await expect(
      cache.lookUp(session.idHash, clock, () => {
        throw new Error("no connection");
      }),
    ).rejects.toThrow("no connection");
    const lookups = heldLookups();
    const next = cache.lookUp(session.idHash, clock, lookups.find);
    expect(lookups.made).toBe(1);
    lookups.answer(0, session);
    expect(await next).toEqual(session);
  });
});
