import { describe, expect, it } from "vitest";
import type { Candle, HistoryReply } from "../../../common/api/market.ts";
import { chartTable, TABLE_ROWS } from "./chart-table.ts";

const MINUTE = 60_000;

/** `count` candles `step` apart from `from`, the close rising by one each, the high and low a half either side. */
function history(interval: HistoryReply["interval"], step: number, count: number, from: string): HistoryReply {
  const candles: Candle[] = Array.from({ length: count }, (_, index) => ({
    t: new Date(Date.parse(from) + index * step).toISOString(),
    o: String(index),
    h: String(index + 0.5),
    l: String(index - 0.5),
    c: String(index + 1),
    volume_usd: "0",
  }));
  return { demo: true, as_of: { block: null, time: from }, range: "24h", interval, candles };
}

describe("the chart's table", () => {
  it("lists a day of 5-minute candles by hour, each row from its first open to its last close", () => {
    const { rows, each } = chartTable(history("5m", 5 * MINUTE, 289, "2026-11-26T14:05:00.000Z"));
    expect(each).toBe("hour");
    expect(rows).toHaveLength(25);
    // 14:05 to 14:55: eleven candles.
    expect(rows[0]).toEqual({ time: "26 Nov, 14:00 UTC", o: "0", h: "10.5", l: "-0.5", c: "11" });
    expect(rows[1]).toMatchObject({ time: "26 Nov, 15:00 UTC", o: "11", c: "23" });
    // 14:00 and 14:05 the next day.
    expect(rows.at(-1)).toEqual({ time: "27 Nov, 14:00 UTC", o: "287", h: "288.5", l: "286.5", c: "289" });
  });

  it("lists a week of hourly candles by day, and 60 daily ones by week from Monday", () => {
    const week = chartTable(history("1h", 60 * MINUTE, 169, "2026-11-20T14:00:00.000Z"));
    expect(week.each).toBe("day");
    expect(week.rows.map((row) => row.time)).toEqual([
      "20 Nov 2026",
      "21 Nov 2026",
      "22 Nov 2026",
      "23 Nov 2026",
      "24 Nov 2026",
      "25 Nov 2026",
      "26 Nov 2026",
      "27 Nov 2026",
    ]);
    const all = chartTable(history("1d", 1_440 * MINUTE, 61, "2026-09-28T00:00:00.000Z"));
    expect(all.each).toBe("week");
    // 28 September 2026 is a Monday, 27 November a Friday.
    expect(all.rows.map((row) => row.time)).toEqual(
      Array.from(
        { length: 9 },
        (_, week) =>
          `Week of ${new Date(Date.UTC(2026, 8, 28 + 7 * week)).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })}`,
      ),
    );
  });

  it("keeps the candles when they are few, and lists years by month", () => {
    const month = chartTable(history("1d", 1_440 * MINUTE, 31, "2026-10-28T00:00:00.000Z"));
    expect(month).toMatchObject({ each: "day", rows: { length: 31 } });
    expect(month.rows[0]).toEqual({ time: "28 Oct 2026", o: "0", h: "0.5", l: "-0.5", c: "1" });
    const years = chartTable(history("1d", 1_440 * MINUTE, 1_000, "2024-03-01T00:00:00.000Z"));
    expect(years.each).toBe("month");
    expect(years.rows[0]?.time).toBe("March 2024");
    expect(years.rows.length).toBeGreaterThan(TABLE_ROWS);
  });
});
