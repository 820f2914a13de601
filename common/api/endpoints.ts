import type { z } from "zod";
import { consoleEndpoints } from "./console-endpoints.ts";
import { memberEndpoints } from "./member-endpoints.ts";

/** What an endpoint takes and answers: a 200 answers `reply`; a refusal answers `{ err_msg }`, or `refusal` where it says more. */
export type EndpointSchemas = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  reply: z.ZodType;
  refusal?: z.ZodType;
};

/**
 * The API's endpoints, by method and path: the server registers each route with these schemas
 * (server/routes/endpoint.ts), and the browser's `call` (app/lib/api-call.ts) takes its types from
 * them, as types only: the browser never loads zod (decision 060).
 */
export const apiEndpoints = (slug: string) =>
  ({ ...memberEndpoints(slug), ...consoleEndpoints }) satisfies Record<
    `${"GET" | "POST" | "PUT" | "DELETE"} /api/${string}`,
    EndpointSchemas
  >;

export type ApiEndpoints = ReturnType<typeof apiEndpoints>;
export type EndpointKey = keyof ApiEndpoints;

/** One part of an endpoint's schemas (`params`, `querystring`, `body`, `reply`, `refusal`), or undefined when it has none. */
export type EndpointPart<K extends EndpointKey, Part extends keyof EndpointSchemas> = ApiEndpoints[K] extends {
  [P in Part]: infer Schema extends z.ZodType;
}
  ? Schema
  : undefined;

/** What the 200 of an endpoint answers, as it arrives. */
export type EndpointReply<K extends EndpointKey> = z.output<ApiEndpoints[K]["reply"]>;
