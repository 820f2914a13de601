import type { ContactAnswer } from "../../common/api/contact.ts";
import { CONTACT_RECEIVED } from "../../common/api/contact-received.ts";
import type { ErrorReply, SuccessReply } from "../../common/api/fields.ts";
import { UNSUBSCRIBE_API_PATH } from "../../common/api/reminders.ts";
import { site } from "../site.ts";
import { type ApiResult, request } from "./api-request.ts";

export type { ApiResult } from "./api-request.ts";

/**
 * The calls outside the spec's JSON shape, which `call` (api-call.ts) does not make: the contact form (multipart, to
 * an external provider when one is configured), the one-click unsubscribe (a form post) and the files the console
 * downloads. Every other call is `call("METHOD /path", input)`, typed by common/api's endpoint table.
 */

/** What a call that changes something answers: `suc_msg`, or `err_msg` when refused. */
export type Message = Partial<SuccessReply & ErrorReply>;

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

/** The email's unsubscribe link, sent as RFC 8058's one-click POST: the token in the link is the proof, no session needed. */
export function unsubscribe(token: string): Promise<ApiResult<Message>> {
  const query = new URLSearchParams({ app: site.token.slug, token });
  return request(`${UNSUBSCRIBE_API_PATH}?${query}`, {
    method: "POST",
    body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
  });
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
