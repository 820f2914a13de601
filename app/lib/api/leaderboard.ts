import type { ErrorReply } from "../../../common/api/fields.ts";
import type { LeaderboardView } from "../../../common/api/leaderboard.ts";
import { type ApiResult, appQuery, request } from "../api-client.ts";

export function leaderboard(season: string | null): Promise<ApiResult<LeaderboardView & Partial<ErrorReply>>> {
  const query = season ? `&season=${encodeURIComponent(season)}` : "";
  return request(`/api/leaderboard?${appQuery()}${query}`);
}
