import type { StreakData } from "../../../common/api/rewards.ts";
import { formatTokens } from "../../lib/token-amount.ts";

const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
const fullDay = new Intl.DateTimeFormat("en-US", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

const dayLook: Record<StreakData["week"][number]["state"], { label: string; mark: string; className: string }> = {
  claimed: { label: "claimed", mark: "✓", className: "bg-brand-600 text-white" },
  frozen: { label: "covered by a freeze", mark: "❄", className: "bg-ink-100 text-ink-900 ring-2 ring-ink-700" },
  missed: { label: "no claim", mark: "", className: "bg-sand-200 text-ink-700" },
  open: { label: "today, not claimed yet", mark: "", className: "border-2 border-dashed border-brand-600 bg-surface text-ink-900" },
};

export const dayCount = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

/** What keeps the streak, stated in UTC: the one clock every member shares. */
function keepLine(streak: StreakData): string {
  if (streak.days === 0) return "Claim on consecutive days to build a streak. Days change at 00:00 UTC.";
  if (streak.at_risk) return "Claim before 00:00 UTC tonight to keep your streak.";
  if (streak.claimed_today) return "Claimed today. Claim again tomorrow (UTC) to keep your streak; days change at 00:00 UTC.";
  return "Days change at 00:00 UTC.";
}

/** The streak, the last seven UTC days and the next milestone. */
export function StreakSummary({ streak }: { streak: StreakData }) {
  const next = streak.next_milestone;
  return (
    <div className="mt-5 border-t border-sand-200 pt-4" data-testid="streak">
      <p className="text-base">
        <span className="text-2xl font-black text-ink-900">{dayCount(streak.days)}</span>{" "}
        <span className="text-ink-800">{streak.days === 0 ? "streak" : "in a row"}</span>
      </p>
      <ol className="mt-3 grid grid-cols-7 gap-1.5" aria-label="Your last seven days (UTC)">
        {streak.week.map((day) => {
          const look = dayLook[day.state];
          const date = new Date(`${day.date}T00:00:00Z`);
          return (
            <li key={day.date} className="flex flex-col items-center gap-1 text-xs text-ink-800">
              <span aria-hidden="true">{weekday.format(date)}</span>
              <span
                className={`flex size-8 items-center justify-center rounded-full text-sm font-bold ${look.className}`}
                aria-hidden="true"
              >
                {look.mark}
              </span>
              <span className="sr-only">
                {fullDay.format(date)}: {look.label}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm text-ink-800">{keepLine(streak)}</p>
      {streak.freeze_held ? (
        <p className="mt-1 text-sm text-ink-800">You hold a freeze: if you miss one day, it keeps your streak by itself.</p>
      ) : null}
      {next ? (
        <p className="mt-1 text-sm text-ink-800">
          {dayCount(next.days - streak.days)} to the {next.days}-day bonus of <strong>{formatTokens(next.bonus)}</strong>.
        </p>
      ) : null}
    </div>
  );
}
