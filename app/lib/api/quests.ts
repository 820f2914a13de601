import type { ChainQuestCheck, QuestsView, QuizAnswersBody, QuizResult, QuizStart } from "../../../common/api/quests.ts";
import { type ApiResult, appQuery, request, sendJson } from "../api-client.ts";

export function quests(): Promise<ApiResult<QuestsView>> {
  return request(`/api/quests?${appQuery()}`);
}

export function startQuiz(quiz: string, csrfToken: string): Promise<ApiResult<QuizStart & { err_msg?: string; retry_at?: string }>> {
  return sendJson(`/api/quests/quizzes/${encodeURIComponent(quiz)}/start`, { csrfToken });
}

export function answerQuiz(quiz: string, payload: Omit<QuizAnswersBody, "app">): Promise<ApiResult<QuizResult & { err_msg?: string }>> {
  return sendJson(`/api/quests/quizzes/${encodeURIComponent(quiz)}/answers`, payload);
}

export function checkChainQuest(quest: string, csrfToken: string): Promise<ApiResult<ChainQuestCheck & { err_msg?: string }>> {
  return sendJson(`/api/quests/chain/${encodeURIComponent(quest)}/check`, { csrfToken });
}
