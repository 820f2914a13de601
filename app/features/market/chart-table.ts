import type { Candle, HistoryReply } from "../../../common/api/market.ts";

/**
 * The chart's table for screen readers: the range's candles gathered into at
 * most TABLE_ROWS rows of whole hours, days, weeks or months, so that it stays
 * a table one can read through, and cheap to lay out (decision 049).
 */
export const TABLE_ROWS = 31;

export type TableRow = { time: string; o: string; h: string; l: string; c: string };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const UTC = "UTC";

/** A row's length: where the row that holds `time` starts, how it is named, and the caption's words for it. */
type Period = { start(time: number): number; name(start: number): string; each: string };

const CANDLE_LENGTH = { "5m": "5 minutes", "1h": "hour", "1d": "day" } as const;

/** The names of rows and periods, with formatters made once per table rather than once per row, and only on the page that has the chart. */
function names() {
  const timeOfDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: UTC });
  const date = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: UTC });
  const month = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: UTC });
  const atTime = (start: number) => `${timeOfDay.format(start)} UTC`;
  const onDay = (start: number) => date.format(start);
  const periods: Period[] = [
    { start: (time) => time - (time % HOUR_MS), name: atTime, each: "hour" },
    { start: (time) => time - (time % DAY_MS), name: onDay, each: "day" },
    {
      // Weeks start on Monday; 1 January 1970 was a Thursday, three days after one.
      start: (time) => time - (time % DAY_MS) - ((Math.floor(time / DAY_MS) + 3) % 7) * DAY_MS,
      name: (start) => `Week of ${onDay(start)}`,
      each: "week",
    },
    {
      start: (time) => {
        const day = new Date(time);
        return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
      },
      name: (start) => month.format(start),
      each: "month",
    },
  ];
  return { atTime, onDay, periods };
}

function gather(candles: Candle[], period: Period): TableRow[] {
  const rows: TableRow[] = [];
  let current = Number.NaN;
  for (const candle of candles) {
    const start = period.start(Date.parse(candle.t));
    const row = rows.at(-1);
    if (row && start === current) {
      if (Number(candle.h) > Number(row.h)) row.h = candle.h;
      if (Number(candle.l) < Number(row.l)) row.l = candle.l;
      row.c = candle.c;
    } else {
      current = start;
      rows.push({ time: period.name(start), o: candle.o, h: candle.h, l: candle.l, c: candle.c });
    }
  }
  return rows;
}

/** The rows, and what one row covers: the candles themselves when they are few, else the shortest period that fits. */
export function chartTable(history: HistoryReply): { rows: TableRow[]; each: string } {
  const { atTime, onDay, periods } = names();
  if (history.candles.length <= TABLE_ROWS) {
    const name = history.interval === "1d" ? onDay : atTime;
    return {
      rows: history.candles.map(({ t, o, h, l, c }) => ({ time: name(Date.parse(t)), o, h, l, c })),
      each: CANDLE_LENGTH[history.interval],
    };
  }
  let table = { rows: [] as TableRow[], each: "" };
  // Months are the longest row: a history of more than 31 months is listed by month all the same.
  for (const period of periods) {
    table = { rows: gather(history.candles, period), each: period.each };
    if (table.rows.length <= TABLE_ROWS) break;
  }
  return table;
}
