import type { QuestsView } from "../../../common/api/quests.ts";
import { formatTokens } from "../../lib/token-amount.ts";

type QuizEntry = QuestsView["quizzes"][number];

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/** One quiz: the guide it tests, what its first pass pays, and whether it can be taken now. */
export function QuizCard({ quiz, onStart, busy }: { quiz: QuizEntry; onStart: () => void; busy: boolean }) {
  const waiting = quiz.retry_at !== null;
  const label = quiz.passed ? "Take it again" : "Start the quiz";
  return (
    <li className="card flex flex-col gap-3">
      <h3 className="text-lg font-bold">{quiz.title}</h3>
      <p className="text-sm text-ink-800">
        {quiz.questions} questions, {quiz.pass_mark} right to pass. Read the guide first:{" "}
        <a className="link" href={quiz.guide_path}>
          {quiz.guide_title}
        </a>
        .
      </p>
      <p className="text-sm text-ink-800">
        {quiz.passed
          ? quiz.tokens_paid
            ? `Passed: ${quiz.xp} XP and ${formatTokens(quiz.tokens)} earned.`
            : `Passed: ${quiz.xp} XP earned. Tokens need a verified wallet; pass again once yours is verified.`
          : BigInt(quiz.tokens) > 0n
            ? `First pass: ${quiz.xp} XP and ${formatTokens(quiz.tokens)} (with a verified wallet).`
            : `First pass: ${quiz.xp} XP.`}
      </p>
      <div className="mt-auto">
        {quiz.paused ? (
          <p className="text-sm font-semibold text-ink-900">Paused for now: the team is looking at this quiz.</p>
        ) : waiting ? (
          <p className="text-sm font-semibold text-ink-900">
            Open again at {timeFormat.format(new Date(quiz.retry_at as string))} (your time).
          </p>
        ) : (
          <button
            type="button"
            className={quiz.passed ? "btn-secondary" : "btn-primary"}
            onClick={onStart}
            disabled={busy}
            aria-label={`${label}: ${quiz.title}`}
          >
            {label}
          </button>
        )}
      </div>
    </li>
  );
}
