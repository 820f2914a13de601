import type { ErrorReply, SuccessReply } from "../../common/api/fields.ts";

/**
 * Where the app calls fetch (the console's file download apart). Every JSON call of the spec's API goes through
 * `call` (api-call.ts), typed by common/api's endpoint table that the server registers with; each answers
 * `{ ok, status, body }` and never throws on an HTTP error, so screens decide what a status means.
 */
export type ApiResult<T> = { ok: boolean; status: number; body: T | null };

/** What a call that changes something answers: `suc_msg`, or `err_msg` when refused. */
export type Message = Partial<SuccessReply & ErrorReply>;

/** What a screen says when a call got no answer (status 0) or an answer without the API's own words. */
export const UNREACHABLE = "We could not reach the server. Check your connection and try again.";

export async function request<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      credentials: "same-origin",
      ...init,
      headers: {
        accept: "application/json",
        ...(init.body && typeof init.body === "string" ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
    });
    const isJson = response.headers.get("content-type")?.includes("application/json");
    const body = isJson ? ((await response.json()) as T) : null;
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}
