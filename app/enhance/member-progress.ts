import { call } from "../lib/api-call.ts";
import { site } from "../site.ts";
import { visitorStatus } from "./account-links.ts";

const tokens = (value: string | number) => `${BigInt(value).toLocaleString("en-US")} ${site.token.symbol}`;

/**
 * On the earn page, a signed-in member sees their own streak, balance and
 * quizzes where a visitor sees the sign-up buttons. Only the text of the
 * prerendered list items changes; a visitor's page is left as it was built.
 */
export async function enhanceMemberProgress(): Promise<void> {
  const panel = document.querySelector<HTMLElement>("[data-member-progress]");
  if (!panel || (await visitorStatus(true)) !== "authenticated") return;
  const [dashboard, quests] = await Promise.all([call("GET /api/dashboard"), call("GET /api/quests")]);
  if (!dashboard.ok || !dashboard.body || !quests.ok || !quests.body) return;
  const { streak, balance } = dashboard.body;
  const passed = quests.body.quizzes.filter((quiz) => quiz.passed).length;
  const fill = (name: string, text: string) => {
    const item = panel.querySelector(`[data-progress="${name}"]`);
    if (item) item.textContent = text;
  };
  fill(
    "streak",
    streak.days > 0
      ? `A ${streak.days}-day streak${streak.claimed_today ? ", claimed today" : ""}.`
      : "No streak yet: claim today to start one.",
  );
  const missing = BigInt(site.rewards.minTransfer) - BigInt(balance);
  fill(
    "balance",
    missing > 0n
      ? `${tokens(balance)}: ${tokens(missing.toString())} to go before a transfer.`
      : `${tokens(balance)}: enough for a transfer.`,
  );
  fill("quizzes", `${passed} of ${quests.body.quizzes.length} quizzes passed, ${quests.body.xp_total} XP.`);
  panel.hidden = false;
  for (const element of document.querySelectorAll<HTMLElement>("[data-visitor-only]")) element.hidden = true;
}
