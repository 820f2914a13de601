import type { AccountEmailView, SessionsView } from "../../../common/api/account-settings.ts";
import type { DisplayNameView } from "../../../common/api/leaderboard.ts";
import type { StreakReminderView } from "../../../common/api/reminders.ts";
import { appQuery, type Message, request, sendJson } from "../api-client.ts";

export const accountApi = {
  verifyEmail: (token: string) => sendJson<Message>("/api/verify-email", { token }),
  cancelEmailChange: (token: string) => sendJson<Message>("/api/cancel-email-change", { token }),
  resendVerification: (csrfToken: string) => sendJson<Message>("/api/resend-verification", { csrfToken }),
  forgotPassword: (fields: { username: string }, csrfToken: string) => sendJson<Message>("/api/forgot-password", { ...fields, csrfToken }),
  resetPassword: (fields: { token: string; password: string; password2: string }, csrfToken: string) =>
    sendJson<Message>("/api/reset-password", { ...fields, csrfToken }),
  changePassword: (fields: { current_password: string; password: string; password2: string }, csrfToken: string) =>
    sendJson<Message>("/api/change-password", { ...fields, csrfToken }),
  changeEmail: (fields: { new_email: string; password: string }, csrfToken: string) =>
    sendJson<Message>("/api/change-email", { ...fields, csrfToken }),
  deleteAccount: (fields: { password: string }, csrfToken: string) => sendJson<Message>("/api/delete-account", { ...fields, csrfToken }),
  email: () => request<AccountEmailView>(`/api/account?${appQuery()}`),
  sessions: () => request<SessionsView>(`/api/sessions?${appQuery()}`),
  endSession: (id: string, csrfToken: string) => sendJson<Message>(`/api/sessions/${encodeURIComponent(id)}`, { csrfToken }, "DELETE"),
  endOtherSessions: (csrfToken: string) => sendJson<Message>("/api/sessions/revoke-others", { csrfToken }),
  displayName: () => request<DisplayNameView>(`/api/display-name?${appQuery()}`),
  setDisplayName: (fields: { display_name: string }, csrfToken: string) =>
    sendJson<Message>("/api/display-name", { ...fields, csrfToken }, "PUT"),
  streakReminder: () => request<StreakReminderView>(`/api/streak-reminder?${appQuery()}`),
  setStreakReminder: (fields: { enabled: boolean }, csrfToken: string) =>
    sendJson<Message>("/api/streak-reminder", { ...fields, csrfToken }, "PUT"),
};
