import type { CsrfPage, CsrfReply } from "../../common/api/auth.ts";
import type { ErrorReply, SuccessReply } from "../../common/api/fields.ts";
import { site } from "../site.ts";
import { type ApiResult, request } from "./api-request.ts";

export { type ApiResult, request } from "./api-request.ts";

/**
 * What every call of the spec's API shares: the product in each query and body, and the CSRF token's request.
 * The calls themselves are in app/lib/api/<area>.ts, one module per area of common/api, so a page loads only its own.
 */

/** What a call that changes something answers: `suc_msg`, or `err_msg` when refused. */
export type Message = Partial<SuccessReply & ErrorReply>;

/** The `app=` query every GET carries. */
export const appQuery = () => `app=${encodeURIComponent(site.token.slug)}`;

export function requestCsrfToken(page: CsrfPage): Promise<ApiResult<Partial<CsrfReply & ErrorReply>>> {
  return page === "register" ? request(`/api/register?${appQuery()}`) : request(`/api/request-csrftoken?${appQuery()}&page=${page}`);
}

/** A JSON body with the product's `app` field. */
export function sendJson<T>(path: string, body: Record<string, unknown>, method = "POST"): Promise<ApiResult<T>> {
  return request(path, { method, body: JSON.stringify({ ...body, app: site.token.slug }) });
}
