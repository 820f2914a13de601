/** "Now", passed into services so tests move time instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function fakeClock(
  start: Date | string = "2026-11-21T12:00:00Z",
): Clock & { advance(ms: number): void; set(to: Date | string): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (to) => {
      current = new Date(to).getTime();
    },
  };
}
