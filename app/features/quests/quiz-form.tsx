import { useEffect, useRef, useState } from "react";
import type { QuizStart } from "../../../common/api/quests.ts";

/** A started quiz: one group of choices a question, sent together once. */
export function QuizForm({
  quiz,
  sending,
  onSubmit,
  onCancel,
}: {
  quiz: QuizStart;
  sending: boolean;
  onSubmit: (answers: Array<{ question_id: string; choice_id: string }>) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const complete = quiz.questions.every((question) => chosen[question.id]);
  return (
    <form
      className="card"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(quiz.questions.map((question) => ({ question_id: question.id, choice_id: chosen[question.id] as string })));
      }}
    >
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {quiz.title}
      </h2>
      <p className="mt-1 text-base text-ink-800">
        Answer every question; {quiz.pass_mark} of {quiz.questions.length} right pass.
      </p>
      <ol className="mt-5 space-y-6">
        {quiz.questions.map((question, index) => (
          <li key={question.id}>
            <fieldset>
              <legend className="text-base font-semibold">
                {index + 1}. {question.text}
              </legend>
              <div className="mt-2 space-y-2">
                {question.choices.map((choice) => (
                  <label
                    key={choice.id}
                    className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-sand-200 px-3 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-100"
                  >
                    <input
                      type="radio"
                      name={question.id}
                      value={choice.id}
                      checked={chosen[question.id] === choice.id}
                      onChange={() => setChosen((current) => ({ ...current, [question.id]: choice.id }))}
                      className="mt-1 size-4 accent-brand-600"
                    />
                    <span>{choice.text}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={sending || !complete}>
          {sending ? "Sending..." : "Send my answers"}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={sending}>
          Back to the quests
        </button>
      </div>
      {complete ? null : <p className="mt-2 text-sm text-ink-800">Choose an answer to every question to send them.</p>}
    </form>
  );
}
