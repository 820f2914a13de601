import { UNSUBSCRIBE_API_PATH } from "../../../common/api/reminders.ts";
import { site } from "../../site.ts";
import { type ApiResult, type Message, request } from "../api-client.ts";

/** The email's unsubscribe link, sent as RFC 8058's one-click POST: the token in the link is the proof, no session needed. */
export function unsubscribe(token: string): Promise<ApiResult<Message>> {
  const query = new URLSearchParams({ app: site.token.slug, token });
  return request(`${UNSUBSCRIBE_API_PATH}?${query}`, {
    method: "POST",
    body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
  });
}
