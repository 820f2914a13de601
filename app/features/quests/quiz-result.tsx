import { useEffect, useRef } from "react";
import type { QuizResult, QuizStart } from "../../../common/api/quests.ts";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { formatTokens } from "../../lib/token-amount.ts";

/** The grade, each answer with why it is right or wrong, what was credited, and the receipt. */
export function QuizResultView({ quiz, result, onDone }: { quiz: QuizStart; result: QuizResult; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const credited = [result.xp > 0 ? `${result.xp} XP` : null, result.tokens !== "0" ? formatTokens(result.tokens) : null].filter(Boolean);
  return (
    <TitledSection className="card" data-testid="quiz-result">
      <SectionHeading ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {result.passed ? `Passed: ${result.correct} of ${result.total} right` : `Not passed: ${result.correct} of ${result.total} right`}
      </SectionHeading>
      <p className="mt-1 text-base text-ink-800">
        {result.passed
          ? credited.length > 0
            ? `Credited: ${credited.join(" and ")}.`
            : "Nothing more is credited for this quiz."
          : `You need ${result.pass_mark}. Read the guide again; the quiz opens again at ${new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date(result.retry_at as string))} (your time).`}
      </p>
      <ol className="mt-5 space-y-4">
        {quiz.questions.map((question, index) => {
          const answer = result.answers.find((entry) => entry.question_id === question.id);
          if (!answer) return null;
          const choiceText = (id: string) => question.choices.find((choice) => choice.id === id)?.text;
          return (
            <li
              key={question.id}
              className={`rounded-lg border-l-4 px-4 py-2 ${answer.correct ? "border-success-700" : "border-danger-700"}`}
            >
              <p className="font-semibold">
                {index + 1}. {question.text}
              </p>
              <p className={answer.correct ? "text-success-700" : "text-danger-700"}>
                {answer.correct ? "Right" : "Not right"}: {choiceText(answer.choice_id)}
              </p>
              {answer.correct ? null : <p className="text-ink-800">The right answer: {choiceText(answer.right_choice_id)}</p>}
              <p className="text-ink-800">{answer.why}</p>
            </li>
          );
        })}
      </ol>
      <p className="mt-5 text-sm text-ink-800">
        <span className="font-semibold">Receipt:</span> {result.receipt}
      </p>
      <button type="button" className="btn-secondary mt-5" onClick={onDone}>
        Back to the quests
      </button>
    </TitledSection>
  );
}
