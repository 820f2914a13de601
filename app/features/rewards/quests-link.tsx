import { href, Link } from "react-router";
import { CardSection } from "../../components/ui/card-section.tsx";
import { formatTokens } from "../../lib/token-amount.ts";
import { site } from "../../site.ts";

/** Where the quizzes are, with what a first pass pays, and the board their XP counts on. */
export function QuestsLink() {
  const { quizXp, quizTokens } = site.rewards;
  return (
    <CardSection title="Learn and earn">
      <p className="mt-2 text-base text-ink-800">
        Take a short quiz on a guide: {quizXp} XP for a first pass
        {quizTokens > 0 ? `, and ${formatTokens(String(quizTokens))} once your wallet is verified` : ""}.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={href("/quests")} className="btn-secondary">
          See the quests
        </Link>
        <Link to={href("/leaderboard")} className="btn-secondary">
          See the leaderboard
        </Link>
      </div>
    </CardSection>
  );
}
