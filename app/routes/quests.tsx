import { useState } from "react";
import type { QuizResult, QuizStart } from "../../common/api/quests.ts";
import { FormMessage } from "../components/ui/form-message.tsx";
import { useMemberData } from "../features/auth/use-member-data.ts";
import { ChainIndexLag } from "../features/quests/chain-index-lag.tsx";
import { ChainQuestCard } from "../features/quests/chain-quest-card.tsx";
import { PageQuestsList } from "../features/quests/page-quests-list.tsx";
import { QuizCard } from "../features/quests/quiz-card.tsx";
import { QuizForm } from "../features/quests/quiz-form.tsx";
import { QuizResultView } from "../features/quests/quiz-result.tsx";
import { ReceiptsList } from "../features/quests/receipts-list.tsx";
import { TitledPage } from "../layout/titled-page.tsx";
import { call } from "../lib/api-call.ts";
import { type ApiResult, type Message, UNREACHABLE } from "../lib/api-request.ts";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import { useCsrfToken } from "../lib/use-csrf-token.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/quests";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Quests");

type Taking = { id: string; quiz: QuizStart; result: QuizResult | null };

/** Learn and earn: a quiz for each guide, graded on the server, with a receipt for every grading. */
export default function Quests() {
  const { state, reload } = useMemberData("/quests");
  const csrf = useCsrfToken("quests");
  const [taking, setTaking] = useState<Taking | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ id: string; message: string } | null>(null);

  // Each action is one form post: busy while it runs, the last error cleared first.
  const post = async <Result extends ApiResult<Message>>(send: (csrfToken: string) => Promise<Result>): Promise<Result> => {
    setBusy(true);
    setError(null);
    const result = await csrf.sendWithToken(send);
    setBusy(false);
    return result;
  };
  const start = async (id: string) => {
    const result = await post((csrfToken) => call("POST /api/quests/quizzes/:quiz/start", { params: { quiz: id }, body: { csrfToken } }));
    if (result.ok && result.body) setTaking({ id, quiz: result.body, result: null });
    else setError(result.body?.err_msg ?? UNREACHABLE);
  };
  const send = async (answers: Array<{ question_id: string; choice_id: string }>) => {
    if (!taking) return;
    const result = await post((csrfToken) =>
      call("POST /api/quests/quizzes/:quiz/answers", {
        params: { quiz: taking.id },
        body: { csrfToken, attempt_token: taking.quiz.attempt_token, answers },
      }),
    );
    if (result.ok && result.body) setTaking({ ...taking, result: result.body });
    else setError(result.body?.err_msg ?? UNREACHABLE);
  };
  const check = async (id: string) => {
    setRefused(null);
    const result = await post((csrfToken) => call("POST /api/quests/chain/:quest/check", { params: { quest: id }, body: { csrfToken } }));
    // Told in the quest's own card, beside the button pressed; some refusals leave a receipt there too.
    if (!result.ok) setRefused({ id, message: result.body?.err_msg ?? UNREACHABLE });
    await reload();
  };
  const done = () => {
    setTaking(null);
    setError(null);
    void reload();
  };

  return (
    <TitledPage
      title="Quests"
      width="4xl"
      lead={
        <>
          Read a guide, then show what you learned, or do it on the chain. Every pass earns XP; a quiz's first pass and each on-chain quest
          also pay {site.token.symbol} once your wallet is verified.
        </>
      }
    >
      <div className="mt-4">
        <FormMessage error={error} />
      </div>
      {taking ? (
        <div className="mt-6">
          {taking.result ? (
            <QuizResultView quiz={taking.quiz} result={taking.result} onDone={done} />
          ) : (
            <QuizForm quiz={taking.quiz} sending={busy} onSubmit={(answers) => void send(answers)} onCancel={done} />
          )}
        </div>
      ) : state.status === "ready" ? (
        <>
          <p className="mt-6 text-lg" data-testid="xp-total">
            Your XP: <strong className="font-black text-brand-700">{state.data.xp_total}</strong>
          </p>
          <h2 className="mt-8 text-2xl font-bold">Quizzes</h2>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2">
            {state.data.quizzes.map((quiz) => (
              <QuizCard key={quiz.id} quiz={quiz} busy={busy} onStart={() => void start(quiz.id)} />
            ))}
          </ul>
          {state.data.chain_quests.length > 0 && (
            <>
              <h2 className="mt-10 text-2xl font-bold">On-chain quests</h2>
              <p className="mt-2 text-base text-ink-800">
                Checked against your verified wallet, from what the site has read of the chain; every check leaves a receipt.
              </p>
              <ChainIndexLag index={state.data.chain_index} />
              <ul className="mt-4 grid gap-6 sm:grid-cols-2">
                {state.data.chain_quests.map((quest) => (
                  <ChainQuestCard
                    key={quest.id}
                    quest={quest}
                    canCheck={state.data.chain_index.status === "ready"}
                    busy={busy}
                    error={refused?.id === quest.id ? refused.message : null}
                    onCheck={() => void check(quest.id)}
                  />
                ))}
              </ul>
            </>
          )}
          <div className="mt-8">
            <PageQuestsList pages={state.data.pages} />
          </div>
          <div className="mt-8">
            <ReceiptsList receipts={state.data.receipts} />
          </div>
        </>
      ) : state.status === "error" ? (
        <p role="alert" className="mt-6 text-lg text-danger-700">
          We could not load your quests. Check your connection and reload the page.
        </p>
      ) : (
        <p className="mt-6 text-lg text-ink-800">Loading your quests…</p>
      )}
    </TitledPage>
  );
}
