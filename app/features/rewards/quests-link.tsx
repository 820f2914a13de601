import { Link } from "react-router";
import { CardSection } from "../../components/ui/card-section.tsx";
import { formatTokens } from "../../lib/token-amount.ts";
import { site } from "../../site.ts";

/** Where the quizzes are, with what a first pass pays. */
export function QuestsLink() {
  const { quizXp, quizTokens } = site.rewards;
  return (
    <CardSection title="Learn and earn">
      <p className="mt-2 text-base text-ink-800">
        Take a short quiz on a guide: {quizXp} XP for a first pass
        {quizTokens > 0 ? `, and ${formatTokens(String(quizTokens))} once your wallet is verified` : ""}.
      </p>
      <Link to="/quests" className="btn-secondary mt-4">
        See the quests
      </Link>
    </CardSection>
  );
}
