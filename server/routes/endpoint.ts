import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { z } from "zod";
import type { CsrfPage } from "../../common/api/auth.ts";
import { errorReply } from "../../common/api/fields.ts";
import type { ConsoleAccess } from "./api/admin/guard.ts";
import { type Refusal, refuse } from "./refusals.ts";

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** A member's form: signed in, carrying its page's CSRF token, changing state. */
export const memberForm = (csrf: CsrfPage): FastifyContextConfig => ({ stateChanging: true, member: true, csrf });
/** A link from an email, followed by whoever holds it: no form, no session. */
export const emailedLink: FastifyContextConfig = {
  stateChanging: true,
  public: "the emailed link's single-use token is the proof; no form, no session",
};
/** A console action that changes state, open to this access. */
export const staffChange = (consoleAccess: ConsoleAccess): FastifyContextConfig => ({ consoleAccess, stateChanging: true });

/** Who may call an endpoint, what it takes and what it answers. */
export type Endpoint<P extends Schema, Q extends Schema, B extends Schema, R extends z.ZodType, F extends Refusal> = {
  /** Its guards: member access and CSRF (plugins/member-area.ts), console access (routes/api/admin/guard.ts), state change. */
  config: FastifyContextConfig;
  params?: P;
  querystring?: Q;
  body?: B;
  /** What a 200 answers; every 4xx answers `{ err_msg }`. */
  reply: R;
  /** The words common/api gives the refusals the handler hands back. */
  refusals?: (refused: F) => string;
};

/** The request as the endpoint's schemas parsed it. */
export type EndpointRequest<P extends Schema, Q extends Schema, B extends Schema> = FastifyRequest & {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
};

type Answer<R extends z.ZodType, F extends Refusal> = z.input<R> | ({ ok: false } & F) | FastifyReply;

const isRefusal = (answer: unknown): answer is { ok: false } & Refusal =>
  typeof answer === "object" && answer !== null && "refusal" in answer && (answer as { ok?: unknown }).ok === false;

type Route = `${"GET" | "POST" | "DELETE"} /${string}`;

/**
 * Registers endpoints on the app, each as its method and path, then its spec and handler: its guards as route config, its schemas for Fastify's validation and the OpenAPI
 * document, and its handler. A handler answers the reply, or hands back a service's refusal, which goes out
 * with the status routes/refusals.ts gives it and the endpoint's words for it; so a route is its domain only.
 */
export const endpoints =
  (app: FastifyInstance) =>
  <
    R extends z.ZodType,
    P extends Schema = undefined,
    Q extends Schema = undefined,
    B extends Schema = undefined,
    F extends Refusal = never,
  >(
    route: Route,
    { config, params, querystring, body, reply: answers, refusals }: Endpoint<P, Q, B, R, F>,
    handler: (request: EndpointRequest<P, Q, B>, reply: FastifyReply) => Promise<Answer<R, F>>,
  ): void => {
    const [method, url] = route.split(" ") as [HTTPMethods, string];
    app.route({
      method,
      url,
      config,
      schema: {
        ...(params && { params }),
        ...(querystring && { querystring }),
        ...(body && { body }),
        response: { 200: answers, "4xx": errorReply },
      },
      handler: async (request, reply) => {
        const answer = await handler(request as EndpointRequest<P, Q, B>, reply);
        if (isRefusal(answer) && refusals) return refuse(reply, answer as { ok: false } & F, refusals);
        return answer;
      },
    });
  };
