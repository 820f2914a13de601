import { type ApiResult, type Message, sendJson } from "../api-client.ts";

/** The waitlist's link from the email (the pop-up's join form posts from app/features/auth/coming-soon-popup.ts, without the schemas). */
export function confirmWaitlist(token: string): Promise<ApiResult<Message>> {
  return sendJson<Message>("/api/waitlist/confirm", { token });
}
