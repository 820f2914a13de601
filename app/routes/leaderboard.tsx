import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { type LeaderboardView, SEASON_PATTERN } from "../../common/api/leaderboard.ts";
import { FormMessage } from "../components/ui/form-message.tsx";
import { TableHead } from "../components/ui/table-head.tsx";
import { TitledPage } from "../layout/titled-page.tsx";
import { call } from "../lib/api-call.ts";
import { UNREACHABLE } from "../lib/api-request.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/leaderboard";

export const meta: Route.MetaFunction = () => [
  { title: `Leaderboard | ${site.token.name} (${site.token.symbol})` },
  { name: "description", content: `The members who earned the most XP this month with ${site.token.name}'s quests and daily claims.` },
];

const monthName = (season: string) =>
  new Date(`${season}-01T00:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

function shiftSeason(season: string, months: number): string {
  const [year, month] = season.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 7);
}

/** A prerendered shell; the season's ranking comes from the API. A past season has its own URL, ?season=YYYY-MM. */
export default function Leaderboard() {
  const { search } = useLocation();
  const [board, setBoard] = useState<LeaderboardView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const season = new URLSearchParams(search).get("season");
    setError(null);
    void call("GET /api/leaderboard", { query: season && SEASON_PATTERN.test(season) ? { season } : {} }).then((result) => {
      if (result.ok && result.body) setBoard(result.body);
      else setError(result.body?.err_msg ?? UNREACHABLE);
    });
  }, [search]);

  const past = board && board.season < board.current_season;
  return (
    <TitledPage
      title="Leaderboard"
      width="3xl"
      lead={
        <>
          Each season is a calendar month (UTC). Quests earn their XP
          {board && board.claim_xp > 0 ? `, and each daily claim earns ${board.claim_xp} XP` : ""}. Only members who chose a display name on
          their{" "}
          <Link to="/account" className="link">
            account page
          </Link>{" "}
          appear; emails and wallets are never shown.
        </>
      }
    >
      <div className="mt-4">
        <FormMessage error={error} />
      </div>
      {board ? (
        <div className="card mt-6">
          <h2 className="text-xl font-bold">
            {monthName(board.season)}
            {past ? " (ended)" : board.season === board.current_season ? " (this season)" : ""}
          </h2>
          {board.entries.length === 0 ? (
            <p className="mt-4 text-ink-800">Nobody is on the board for this season yet.</p>
          ) : (
            <table className="mt-4 w-full text-left">
              <caption className="sr-only">Members ranked by XP in {monthName(board.season)}</caption>
              <TableHead columns={["Rank", "Name", "XP"]} rowClassName="border-b border-ink-200" />
              <tbody>
                {board.entries.map((entry) => (
                  <tr key={entry.display_name} className="border-b border-ink-100">
                    <td className="py-2 pr-4">{entry.rank}</td>
                    <td className="py-2 pr-4 break-all">{entry.display_name}</td>
                    <td className="py-2 text-right tabular-nums">{entry.xp.toLocaleString("en-US")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <nav aria-label="Seasons" className="mt-6 flex flex-wrap gap-4">
            <Link to={`/leaderboard?season=${shiftSeason(board.season, -1)}`} className="link">
              Previous season: {monthName(shiftSeason(board.season, -1))}
            </Link>
            {past ? (
              <Link to="/leaderboard" className="link">
                Back to this season
              </Link>
            ) : null}
          </nav>
        </div>
      ) : error ? null : (
        <p className="mt-6 text-ink-800">Loading the board…</p>
      )}
    </TitledPage>
  );
}
