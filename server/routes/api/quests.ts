import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorReply } from "../../../common/api/fields.ts";
import {
  ANSWER_EVERY_QUESTION,
  ATTEMPT_USED,
  chainQuestRefusalText,
  NO_PAGE_QUEST,
  PAGE_QUEST_PAUSED,
  type QUEST_OUTCOMES,
  QUIZ_PAUSED,
  UNKNOWN_QUIZ,
} from "../../../common/api/quests.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import type { QuestChain } from "../../services/quests/chain-checks.ts";
import { chainIndexStatus, chainQuestsFor } from "../../services/quests/chain-quests-overview.ts";
import { checkChainQuest } from "../../services/quests/check-chain-quest.ts";
import type { QuizBank } from "../../services/quests/quiz-bank.ts";
import { questsFor, startQuiz, submitQuiz } from "../../services/quests/quizzes.ts";
import { listQuestSettings, type QuestSetting } from "../../services/quests/settings.ts";
import { creditPageVisit } from "../../services/quests/visits.ts";
import { endpoints, memberForm } from "../endpoint.ts";

export type QuestRoutesOptions = { site: SiteConfig; db: Database; clock: Clock; bank: QuizBank; chain: QuestChain | null };

const receiptFields = (receipt: { quest: string; checkedAt: Date; outcome: (typeof QUEST_OUTCOMES)[number]; detail: string }) => ({
  quest: receipt.quest,
  checked_at: receipt.checkedAt.toISOString(),
  outcome: receipt.outcome,
  detail: receipt.detail,
});

const coolingDownText = (retryAt: Date) =>
  `You can take this quiz again after ${retryAt.toISOString().slice(11, 16)} UTC. Read the guide again in the meantime.`;

export async function questRoutes(fastify: FastifyInstance, { site, db, clock, bank, chain }: QuestRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const quizStart = app.endpointTable["POST /api/quests/quizzes/:quiz/start"];
  const _slug = site.token.slug;
  const deps = { db, clock, rules: site.rewards, bank };

  endpoint("GET /api/quests", { config: { member: true } }, async (request) => {
    const [overview, onChain, index] = await Promise.all([
      questsFor(deps, request.userId),
      chainQuestsFor({ db, clock, site }, request.userId),
      chainIndexStatus(db, chain),
    ]);
    return {
      xp_total: overview.xpTotal,
      quizzes: overview.quizzes.map(({ quiz, setting, passed, tokensPaid, retryAt }) => ({
        id: quiz.slug,
        title: quiz.title,
        guide_path: quiz.guidePath,
        guide_title: quiz.guideTitle,
        questions: quiz.questions.length,
        pass_mark: quiz.pass,
        xp: setting.xp,
        tokens: setting.tokens.toString(),
        paused: setting.status === "paused",
        passed,
        tokens_paid: tokensPaid,
        retry_at: retryAt?.toISOString() ?? null,
      })),
      pages: overview.pages.map(({ setting, done }) => ({
        kind: setting.kind === "read" ? ("read" as const) : ("visit" as const),
        id: setting.id,
        title: setting.title,
        page: setting.page ?? "",
        xp: setting.xp,
        period: setting.period,
        paused: setting.status === "paused",
        done,
      })),
      receipts: overview.receipts.map(receiptFields),
      chain_quests: onChain.map(({ quest, done, lastCheck }) => ({
        id: quest.id,
        kind: quest.kind,
        title: quest.title,
        task: quest.task,
        xp: quest.xp,
        tokens: String(quest.tokens),
        period: quest.period,
        paused: quest.paused,
        done,
        last_check: lastCheck && receiptFields(lastCheck),
      })),
      chain_index: index,
    };
  });

  app.post(
    "/api/quests/quizzes/:quiz/start",
    {
      config: { stateChanging: true, member: true, csrf: "quests" },
      schema: {
        params: quizStart.params,
        body: quizStart.body,
        response: { 200: quizStart.reply, 429: quizStart.refusal, "4xx": errorReply },
      },
    },
    async (request, reply) => {
      const started = await startQuiz(deps, request.userId, request.params.quiz);
      if (!started.ok && started.reason !== "cooling-down")
        return started.reason === "unknown"
          ? reply.code(404).send({ err_msg: UNKNOWN_QUIZ })
          : reply.code(409).send({ err_msg: QUIZ_PAUSED });
      if (!started.ok)
        return reply
          .code(429)
          .header("retry-after", String(Math.max(1, Math.ceil((started.retryAt.getTime() - clock.now().getTime()) / 1000))))
          .send({ err_msg: coolingDownText(started.retryAt), retry_at: started.retryAt.toISOString() });
      return {
        attempt_token: started.token,
        expires_at: started.expiresAt.toISOString(),
        title: started.quiz.title,
        pass_mark: started.quiz.pass,
        questions: started.questions,
      };
    },
  );

  endpoint("POST /api/quests/quizzes/:quiz/answers", { config: memberForm("quests") }, async (request, reply) => {
    const body = request.body;
    const result = await submitQuiz(deps, request.userId, request.params.quiz, body.attempt_token, body.answers);
    if (!result.ok)
      return result.reason === "unknown"
        ? reply.code(404).send({ err_msg: UNKNOWN_QUIZ })
        : result.reason === "paused"
          ? reply.code(409).send({ err_msg: QUIZ_PAUSED })
          : result.reason === "incomplete"
            ? reply.code(400).send({ err_msg: ANSWER_EVERY_QUESTION })
            : reply.code(409).send({ err_msg: ATTEMPT_USED });
    request.log.info(
      { userId: request.userId, quiz: request.params.quiz, passed: result.passed, tokens: result.tokens.toString() },
      "quiz graded",
    );
    return {
      passed: result.passed,
      correct: result.correct,
      total: result.quiz.questions.length,
      pass_mark: result.quiz.pass,
      answers: result.answers.map((answer) => ({
        question_id: answer.questionId,
        choice_id: answer.choiceId,
        right_choice_id: answer.rightChoiceId,
        correct: answer.correct,
        why: answer.why,
      })),
      xp: result.xp,
      tokens: result.tokens.toString(),
      receipt: result.receipt,
      retry_at: result.retryAt?.toISOString() ?? null,
    };
  });

  endpoint("POST /api/quests/chain/:quest/check", { config: memberForm("quests"), refusals: chainQuestRefusalText }, async (request) => {
    const result = await checkChainQuest({ db, clock, site, chain }, request.userId, request.params.quest);
    if (!result.ok) return result;
    request.log.info(
      {
        userId: request.userId,
        quest: request.params.quest,
        outcome: result.outcome,
        block: result.block.toString(),
        tokens: result.tokens.toString(),
      },
      "on-chain quest checked",
    );
    return {
      outcome: result.outcome,
      block: result.block.toString(),
      receipt: result.receipt,
      xp: result.xp,
      tokens: result.tokens.toString(),
    };
  });

  const chainQuestIds = new Set(site.rewards.chainQuests.map((quest) => quest.id));
  /** A quiz needs its questions in the bank and an on-chain quest its check in the configuration. */
  const isOffered = (quest: QuestSetting) =>
    quest.kind === "quiz" ? bank.has(quest.id) : quest.kind !== "chain" || chainQuestIds.has(quest.id);

  endpoint("GET /api/quests/offer", {}, async () => ({
    quests: (await listQuestSettings(db))
      .filter((quest) => quest.status === "active" && isOffered(quest))
      .map((quest) => ({
        kind: quest.kind,
        id: quest.id,
        title: quest.title,
        page: quest.page,
        xp: quest.xp,
        tokens: quest.tokens.toString(),
        period: quest.period,
      })),
  }));

  endpoint("POST /api/quests/visits", { config: memberForm("quests") }, async (request, reply) => {
    const result = await creditPageVisit(deps, request.userId, request.body.kind, request.body.page);
    if (!result.ok)
      return reply
        .code(result.reason === "paused" ? 409 : 404)
        .send({ err_msg: result.reason === "paused" ? PAGE_QUEST_PAUSED : NO_PAGE_QUEST });
    return { title: result.title, xp: result.xp };
  });
}
