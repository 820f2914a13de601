import type { z } from "zod";
import type { EndpointKey, EndpointPart, EndpointReply } from "../../common/api/endpoints.ts";
import type { ErrorReply } from "../../common/api/fields.ts";
import { site } from "../site.ts";
import { type ApiResult, request } from "./api-request.ts";

type WithoutApp<Fields> = Fields extends unknown ? Omit<Fields, "app"> : never;
type Sent<Schema> = Schema extends z.ZodType ? WithoutApp<z.input<Schema>> : undefined;
type PathParams<Schema> = Schema extends z.ZodType ? { [Name in keyof z.input<Schema>]: string | number } : undefined;
/** A part of the input: left out when the endpoint has none, optional when the caller has nothing to fill in it. */
type Part<Name extends string, Fields> = [Fields] extends [undefined]
  ? unknown
  : object extends Fields
    ? { [Key in Name]?: Fields }
    : { [Key in Name]: Fields };

/** What a call sends: the path's params, the query and the body as the endpoint's schemas take them, less `app`, which `call` adds. */
export type CallInput<K extends EndpointKey> = Part<"params", PathParams<EndpointPart<K, "params">>> &
  Part<"query", Sent<EndpointPart<K, "querystring">>> &
  Part<"body", Sent<EndpointPart<K, "body">>>;

/** What a call answers: the reply, or a refusal's `{ err_msg }` with whatever the endpoint's refusal adds. */
export type CallReply<K extends EndpointKey> = EndpointReply<K> &
  Partial<EndpointPart<K, "refusal"> extends z.ZodType ? z.output<EndpointPart<K, "refusal">> : ErrorReply>;

/** The input (optional when nothing in it is required) and the fetch options: what `call` takes after the key. */
export type CallArguments<K extends EndpointKey> =
  object extends CallInput<K> ? [input?: CallInput<K>, init?: RequestInit] : [input: CallInput<K>, init?: RequestInit];

/** The spec's calls carry the token's slug as `app`; the console's, is-authenticated and signout do not (api-call.test.ts holds this to the table). */
export const takesApp = (endpoint: EndpointKey) => !/ \/api\/(admin\/|is-authenticated$|signout$)/.test(endpoint);

/**
 * Calls an endpoint of common/api's table by its key ("POST /api/payouts/:id/cancel"): the path filled from
 * `params`, the query and the JSON body from `query` and `body`, with `app` where the spec's API asks for it.
 * Typed from the table's schemas, imported as types only: the browser never loads zod (decision 060).
 */
export function call<K extends EndpointKey>(endpoint: K, ...[input, init = {}]: CallArguments<K>): Promise<ApiResult<CallReply<K>>> {
  const [method, pattern] = endpoint.split(" ") as [string, string];
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: object; body?: object };
  const app = takesApp(endpoint) && { app: site.token.slug };
  const get = method === "GET";
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  // A query's values are strings, numbers or booleans: URLSearchParams writes each as text.
  const search = `${new URLSearchParams({ ...(get && app), ...query } as Record<string, string>)}`;
  return request(search ? `${path}?${search}` : path, {
    method,
    ...(!get && (body || app) && { body: JSON.stringify({ ...body, ...app }) }),
    ...init,
  });
}
