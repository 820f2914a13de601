import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { z } from "zod";
import type { CsrfPage } from "../../common/api/auth.ts";
import type { ApiEndpoints, EndpointKey, EndpointPart, EndpointSchemas } from "../../common/api/endpoints.ts";
import { errorReply } from "../../common/api/fields.ts";
import type { ConsoleAccess } from "./api/admin/guard.ts";
import { type Refusal, refuse } from "./refusals.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** common/api's endpoint table for the configured token: the schemas every route of the API registers with. */
    endpointTable: ApiEndpoints;
  }
}

type Parsed<K extends EndpointKey, Part extends keyof EndpointSchemas> =
  EndpointPart<K, Part> extends z.ZodType ? z.output<EndpointPart<K, Part>> : undefined;

/** A member's form: signed in, carrying its page's CSRF token, changing state. */
export const memberForm = (csrf: CsrfPage): FastifyContextConfig => ({ stateChanging: true, member: true, csrf });
/** A link from an email, followed by whoever holds it: no form, no session. */
export const emailedLink: FastifyContextConfig = {
  stateChanging: true,
  public: "the emailed link's single-use token is the proof; no form, no session",
};
/** A console action that changes state, open to this access. */
export const staffChange = (consoleAccess: ConsoleAccess): FastifyContextConfig => ({ consoleAccess, stateChanging: true });

/** Who may call an endpoint, and the words for its refusals; what it takes and answers is its entry in common/api/endpoints.ts. */
export type Endpoint<F extends Refusal> = {
  /** Its guards: member access and CSRF (plugins/member-area.ts), console access (routes/api/admin/guard.ts), state change. */
  config?: FastifyContextConfig;
  /** The words common/api gives the refusals the handler hands back. */
  refusals?: (refused: F) => string;
};

/** The request as the endpoint's schemas parsed it. */
export type EndpointRequest<K extends EndpointKey> = FastifyRequest & {
  params: Parsed<K, "params">;
  query: Parsed<K, "querystring">;
  body: Parsed<K, "body">;
};

type Answer<K extends EndpointKey, F extends Refusal> = z.input<ApiEndpoints[K]["reply"]> | ({ ok: false } & F) | FastifyReply;

const isRefusal = (answer: unknown): answer is { ok: false } & Refusal =>
  typeof answer === "object" && answer !== null && "refusal" in answer && (answer as { ok?: unknown }).ok === false;

/**
 * Registers endpoints on the app, each as its key in common/api's endpoint table, its guards and its handler: the
 * table's schemas for Fastify's validation and the OpenAPI document (a 200 answers the reply, a 4xx `{ err_msg }`).
 * A handler answers the reply, or hands back a service's refusal, which goes out with the status
 * routes/refusals.ts gives it and the endpoint's words for it; so a route is its domain only.
 */
export const endpoints =
  (app: FastifyInstance) =>
  <K extends EndpointKey, F extends Refusal = never>(
    route: K,
    { config, refusals }: Endpoint<F>,
    handler: (request: EndpointRequest<K>, reply: FastifyReply) => Promise<Answer<K, F>>,
  ): void => {
    const [method, url] = route.split(" ") as [HTTPMethods, string];
    const { params, querystring, body, reply: answers }: EndpointSchemas = app.endpointTable[route];
    app.route({
      method,
      url,
      ...(config && { config }),
      schema: {
        ...(params && { params }),
        ...(querystring && { querystring }),
        ...(body && { body }),
        response: { 200: answers, "4xx": errorReply },
      },
      handler: async (request, reply) => {
        const answer = await handler(request as EndpointRequest<K>, reply);
        if (isRefusal(answer) && refusals) return refuse(reply, answer as { ok: false } & F, refusals);
        return answer;
      },
    });
  };
