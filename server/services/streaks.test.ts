import { describe, expect, it } from "vitest";
import { streakFrom } from "./streaks.ts";

const MILESTONES = [
  { days: 7, bonus: 50 },
  { days: 30, bonus: 300 },
];

/** n consecutive UTC days ending on `last` (YYYY-MM-DD). */
function daysEnding(last: string, n: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

describe("a streak of daily claims", () => {
  it("is none for a member who never claimed, with today open", () => {
    const streak = streakFrom([], new Date("2026-11-21T12:00:00Z"), MILESTONES);
    expect(streak).toMatchObject({ days: 0, startedOn: null, claimedToday: false, freezeHeld: false, endsAt: null, atRisk: false });
    expect(streak.week.map((day) => day.state)).toEqual(["missed", "missed", "missed", "missed", "missed", "missed", "open"]);
    expect(streak.nextMilestone).toEqual({ days: 7, bonus: 50 });
  });

  it("counts consecutive UTC days, and runs until the midnight after tomorrow", () => {
    const streak = streakFrom(daysEnding("2026-11-21", 3), new Date("2026-11-21T23:59:59Z"), MILESTONES);
    expect(streak).toMatchObject({ days: 3, startedOn: "2026-11-19", claimedToday: true, atRisk: false });
    expect(streak.endsAt?.toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });

  it("is at risk the day after a claim, and over once that day ends unclaimed", () => {
    const days = daysEnding("2026-11-20", 3);
    const today = streakFrom(days, new Date("2026-11-21T00:00:00Z"), MILESTONES);
    expect(today).toMatchObject({ days: 3, claimedToday: false, atRisk: true });
    expect(today.endsAt?.toISOString()).toBe("2026-11-22T00:00:00.000Z");
    const after = streakFrom(days, new Date("2026-11-22T00:00:00Z"), MILESTONES);
    expect(after).toMatchObject({ days: 0, startedOn: null, atRisk: false });
    expect(after.week.map((day) => day.state)).toEqual(["missed", "missed", "claimed", "claimed", "claimed", "missed", "open"]);
  });

  it("counts two claims of one UTC day once, and a claim a second after midnight on the next day", () => {
    const streak = streakFrom(["2026-11-20", "2026-11-20", "2026-11-21"], new Date("2026-11-21T00:00:01Z"), MILESTONES);
    expect(streak).toMatchObject({ days: 2, claimedToday: true });
  });

  it("earns a freeze on the 7th day, which covers one missed day and is spent", () => {
    const week = daysEnding("2026-11-07", 7);
    const earned = streakFrom(week, new Date("2026-11-07T10:00:00Z"), MILESTONES);
    expect(earned).toMatchObject({ days: 7, freezeHeld: true, atRisk: false, nextMilestone: { days: 30, bonus: 300 } });
    expect(earned.endsAt?.toISOString()).toBe("2026-11-10T00:00:00.000Z");

    // 8 November missed: on the 9th the freeze covers it, and the streak is at risk.
    const covering = streakFrom(week, new Date("2026-11-09T10:00:00Z"), MILESTONES);
    expect(covering).toMatchObject({ days: 7, freezeHeld: false, atRisk: true });
    expect(covering.week.at(-2)).toEqual({ date: "2026-11-08", state: "frozen" });

    const kept = streakFrom([...week, "2026-11-09"], new Date("2026-11-09T10:00:00Z"), MILESTONES);
    expect(kept).toMatchObject({ days: 8, startedOn: "2026-11-01", freezeHeld: false, claimedToday: true });
    expect(kept.week.map((day) => day.state)).toEqual(["claimed", "claimed", "claimed", "claimed", "claimed", "frozen", "claimed"]);

    // A second missed day within the week finds no freeze: the streak starts again.
    const again = streakFrom([...week, "2026-11-09", "2026-11-11"], new Date("2026-11-11T10:00:00Z"), MILESTONES);
    expect(again).toMatchObject({ days: 1, startedOn: "2026-11-11" });
  });

  it("does not cover two missed days in a row with a freeze", () => {
    const week = daysEnding("2026-11-07", 7);
    const streak = streakFrom([...week, "2026-11-10"], new Date("2026-11-10T10:00:00Z"), MILESTONES);
    expect(streak).toMatchObject({ days: 1, startedOn: "2026-11-10", freezeHeld: false });
  });

  it("holds one freeze at most, earning the next on the 14th day", () => {
    const streak = streakFrom(daysEnding("2026-11-14", 14), new Date("2026-11-14T10:00:00Z"), MILESTONES);
    expect(streak).toMatchObject({ days: 14, freezeHeld: true });
    expect(streak.endsAt?.toISOString()).toBe("2026-11-17T00:00:00.000Z");
  });

  it("has no next milestone past the last one", () => {
    expect(streakFrom(daysEnding("2026-12-31", 31), new Date("2026-12-31T10:00:00Z"), MILESTONES).nextMilestone).toBeNull();
  });
});
