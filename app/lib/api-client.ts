import type { AccountEmailView, SessionsView } from "../../common/api/account-settings.ts";
import type { CsrfPage, CsrfReply, RegisterBody, SignInBody } from "../../common/api/auth.ts";
import type { ContactAnswer } from "../../common/api/contact.ts";
import { CONTACT_RECEIVED } from "../../common/api/contact-received.ts";
import type { ErrorReply, SuccessReply } from "../../common/api/fields.ts";
import type { GuideReportBody } from "../../common/api/guide-reports.ts";
import type { DisplayNameView, LeaderboardView } from "../../common/api/leaderboard.ts";
import type { PayoutsView, PayoutView } from "../../common/api/payouts.ts";
import type { ChainQuestCheck, QuestsView, QuizAnswersBody, QuizResult, QuizStart } from "../../common/api/quests.ts";
import type { DashboardData, WalletBody } from "../../common/api/rewards.ts";
import { site } from "../site.ts";
import { type ApiResult, request } from "./api-request.ts";

export { type ApiResult, isAuthenticated, request, signOut } from "./api-request.ts";

/** What a call that changes something answers: `suc_msg`, or `err_msg` when refused. */
export type Message = Partial<SuccessReply & ErrorReply>;

export function requestCsrfToken(page: CsrfPage): Promise<ApiResult<Partial<CsrfReply & ErrorReply>>> {
  return page === "register"
    ? request(`/api/register?app=${encodeURIComponent(site.token.slug)}`)
    : request(`/api/request-csrftoken?app=${encodeURIComponent(site.token.slug)}&page=${page}`);
}

export type SignInPayload = Omit<SignInBody, "app">;

export function signIn(payload: SignInPayload): Promise<ApiResult<Message>> {
  return request("/api/signin", { method: "POST", body: JSON.stringify({ ...payload, app: site.token.slug }) });
}

export type RegisterPayload = Omit<RegisterBody, "app">;

export function register(payload: RegisterPayload): Promise<ApiResult<Message>> {
  return request("/api/register", { method: "POST", body: JSON.stringify({ ...payload, app: site.token.slug }) });
}

export function dashboard(): Promise<ApiResult<DashboardData>> {
  return request(`/api/dashboard?app=${encodeURIComponent(site.token.slug)}`);
}

export function claimDailyReward(): Promise<ApiResult<Message>> {
  return request(`/api/claim-daily-reward?app=${encodeURIComponent(site.token.slug)}`);
}

export function updateWalletAddress(payload: Omit<WalletBody, "app">): Promise<ApiResult<Message>> {
  return request("/api/dashboard-update-wallet-address", { method: "PUT", body: JSON.stringify({ ...payload, app: site.token.slug }) });
}

/**
 * Posts the contact form as multipart form data to the configured endpoint:
 * ours by default, or an external provider's. The providers' answer
 * (`success` and `message`) is told as every other call's: `suc_msg` or `err_msg`.
 */
export async function submitContactForm(form: FormData): Promise<ApiResult<Message>> {
  const result = await request<Partial<ContactAnswer>>(site.contact.endpoint, { method: "POST", body: form });
  if (!result.body) return { ...result, body: null };
  const { success, message, err_msg } = result.body;
  return { ...result, body: success === true ? { suc_msg: message || CONTACT_RECEIVED } : { err_msg: message ?? err_msg } };
}

/** GET /api/{product}-price → {"{product}_price": number}. */
const appQuery = () => `app=${encodeURIComponent(site.token.slug)}`;

export function siweNonce(): Promise<ApiResult<{ nonce: string; err_msg?: string }>> {
  return request(`/api/siwe-nonce?${appQuery()}`);
}

export function verifyWallet(payload: {
  message: string;
  signature: string;
  csrfToken: string;
}): Promise<ApiResult<Message & { address?: string }>> {
  return request("/api/verify-wallet", { method: "POST", body: JSON.stringify({ ...payload, app: site.token.slug }) });
}

export function quests(): Promise<ApiResult<QuestsView>> {
  return request(`/api/quests?${appQuery()}`);
}

export function startQuiz(quiz: string, csrfToken: string): Promise<ApiResult<QuizStart & { err_msg?: string; retry_at?: string }>> {
  return request(`/api/quests/quizzes/${encodeURIComponent(quiz)}/start`, {
    method: "POST",
    body: JSON.stringify({ app: site.token.slug, csrfToken }),
  });
}

export function answerQuiz(quiz: string, payload: Omit<QuizAnswersBody, "app">): Promise<ApiResult<QuizResult & { err_msg?: string }>> {
  return request(`/api/quests/quizzes/${encodeURIComponent(quiz)}/answers`, {
    method: "POST",
    body: JSON.stringify({ ...payload, app: site.token.slug }),
  });
}

export function checkChainQuest(quest: string, csrfToken: string): Promise<ApiResult<ChainQuestCheck & { err_msg?: string }>> {
  return request(`/api/quests/chain/${encodeURIComponent(quest)}/check`, {
    method: "POST",
    body: JSON.stringify({ app: site.token.slug, csrfToken }),
  });
}

export function payouts(): Promise<ApiResult<PayoutsView>> {
  return request(`/api/payouts?${appQuery()}`);
}

export function requestPayout(payload: { amount: string; csrfToken: string }): Promise<ApiResult<PayoutView & Message>> {
  return request("/api/payouts", { method: "POST", body: JSON.stringify({ ...payload, app: site.token.slug }) });
}

export function cancelPayout(id: number, csrfToken: string): Promise<ApiResult<Message>> {
  return request(`/api/payouts/${id}/cancel`, { method: "POST", body: JSON.stringify({ app: site.token.slug, csrfToken }) });
}

export function appealPayout(id: number, message: string, csrfToken: string): Promise<ApiResult<Message>> {
  return request(`/api/payouts/${id}/appeal`, { method: "POST", body: JSON.stringify({ message, app: site.token.slug, csrfToken }) });
}

function postJson<T>(path: string, body: Record<string, unknown>, method = "POST"): Promise<ApiResult<T>> {
  return request(path, { method, body: JSON.stringify({ ...body, app: site.token.slug }) });
}

export const accountApi = {
  verifyEmail: (token: string) => postJson<Message>("/api/verify-email", { token }),
  cancelEmailChange: (token: string) => postJson<Message>("/api/cancel-email-change", { token }),
  resendVerification: (csrfToken: string) => postJson<Message>("/api/resend-verification", { csrfToken }),
  forgotPassword: (fields: { username: string }, csrfToken: string) => postJson<Message>("/api/forgot-password", { ...fields, csrfToken }),
  resetPassword: (fields: { token: string; password: string; password2: string }, csrfToken: string) =>
    postJson<Message>("/api/reset-password", { ...fields, csrfToken }),
  changePassword: (fields: { current_password: string; password: string; password2: string }, csrfToken: string) =>
    postJson<Message>("/api/change-password", { ...fields, csrfToken }),
  changeEmail: (fields: { new_email: string; password: string }, csrfToken: string) =>
    postJson<Message>("/api/change-email", { ...fields, csrfToken }),
  deleteAccount: (fields: { password: string }, csrfToken: string) => postJson<Message>("/api/delete-account", { ...fields, csrfToken }),
  email: () => request<AccountEmailView>(`/api/account?app=${encodeURIComponent(site.token.slug)}`),
  sessions: () => request<SessionsView>(`/api/sessions?app=${encodeURIComponent(site.token.slug)}`),
  endSession: (id: string, csrfToken: string) => postJson<Message>(`/api/sessions/${encodeURIComponent(id)}`, { csrfToken }, "DELETE"),
  endOtherSessions: (csrfToken: string) => postJson<Message>("/api/sessions/revoke-others", { csrfToken }),
  displayName: () => request<DisplayNameView>(`/api/display-name?app=${encodeURIComponent(site.token.slug)}`),
  setDisplayName: (fields: { display_name: string }, csrfToken: string) =>
    postJson<Message>("/api/display-name", { ...fields, csrfToken }, "PUT"),
};

export function leaderboard(season: string | null): Promise<ApiResult<LeaderboardView & Partial<ErrorReply>>> {
  const query = season ? `&season=${encodeURIComponent(season)}` : "";
  return request(`/api/leaderboard?app=${encodeURIComponent(site.token.slug)}${query}`);
}

/** A file the server sends as an attachment (the Safe batch, the audit CSV): the blob and its name, or the refusal. */
export async function downloadFile(
  path: string,
  headers: Record<string, string>,
): Promise<{ ok: true; blob: Blob; filename: string } | { ok: false; status: number; message: string | null }> {
  try {
    const response = await fetch(path, { credentials: "same-origin", headers });
    if (!response.ok) {
      const body = response.headers.get("content-type")?.includes("application/json")
        ? ((await response.json()) as Partial<ErrorReply>)
        : null;
      return { ok: false, status: response.status, message: body?.err_msg ?? null };
    }
    const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";
    return { ok: true, blob: await response.blob(), filename };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

/** The waitlist's link from the email (the pop-up's join form posts from app/features/auth/coming-soon-popup.ts, without the schemas). */
export function confirmWaitlist(token: string): Promise<ApiResult<Message>> {
  return postJson<Message>("/api/waitlist/confirm", { token });
}

export function reportGuideDifference(payload: Omit<GuideReportBody, "app">): Promise<ApiResult<Message>> {
  return request("/api/guide-reports", { method: "POST", body: JSON.stringify({ ...payload, app: site.token.slug }) });
}
