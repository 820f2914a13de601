import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import type { CsrfPage } from "../../common/api/auth.ts";
import { NOT_LOGGED_IN } from "../../common/api/auth.ts";
import { FORM_EXPIRED } from "../../common/api/fields.ts";
import type { Clock } from "../clock.ts";
import { verifyCsrfToken } from "../services/csrf.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Only a signed-in member may call it: 403 without a live session.
     * "in-statement": the handler proves the session inside its own statement; the guard only asks for a
     * well-formed session cookie, and the handler must answer 403 itself when its statement finds no live session.
     */
    member?: true | "in-statement";
    /** The body's csrfToken must be this page's token, bound to the visitor: 403 otherwise, before the handler runs. */
    csrf?: CsrfPage;
    /** A state-changing route that needs neither a member nor a CSRF token, and why (tests/api/route-guards.test.ts lists them). */
    public?: string;
  }
  interface FastifyRequest {
    userId: number;
    sessionIdHash: string;
  }
  interface FastifyInstance {
    /** Every route registered after this plugin, with its final config: what tests/api/route-guards.test.ts checks. */
    declaredRoutes: readonly RouteOptions[];
  }
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
const hooks = (existing: RouteOptions["onRequest"]): Hook[] => (existing ? [existing].flat() : []) as Hook[];

/**
 * Member access and CSRF as route config (`config: { member: true, csrf: "payouts" }`), checked here for every
 * route so a route is guarded by what it declares, not by a call it must remember. Staff routes are guarded
 * the same way by routes/api/admin/guard.ts.
 */
export const memberArea = fp<{ secret: string; clock: Clock }>(async (app: FastifyInstance, { secret, clock }) => {
  app.decorateRequest("userId", 0);
  app.decorateRequest("sessionIdHash", "");
  const declared: RouteOptions[] = [];
  app.decorate("declaredRoutes", declared);
  const notSignedIn = (reply: FastifyReply) => reply.code(403).header("cache-control", "no-store").send({ err_msg: NOT_LOGGED_IN });

  const memberOnly: Hook = async (request, reply) => {
    if (request.routeOptions.config.member === "in-statement") {
      const idHash = app.sessions.cookieIdHash(request);
      if (!idHash) return notSignedIn(reply);
      request.sessionIdHash = idHash;
      return;
    }
    const session = await app.sessions.current(request);
    if (!session) return notSignedIn(reply);
    request.userId = session.userId;
    request.sessionIdHash = session.idHash;
  };

  // After the body is parsed and validated, before the handler: a malformed request is still a 400 first.
  const csrfChecked: Hook = async (request, reply) => {
    const page = request.routeOptions.config.csrf as CsrfPage;
    const token = (request.body as { csrfToken?: unknown } | undefined)?.csrfToken;
    const binding = await app.sessions.csrfBinding(request, reply, { create: false });
    if (!verifyCsrfToken(secret, token, page, binding, clock.now())) return reply.code(403).send({ err_msg: FORM_EXPIRED });
  };

  app.addHook("onRoute", (route) => {
    // Kept by reference: a later hook (the console's guard) may still complete the route's config.
    declared.push(route);
    // First among the route's own hooks: a visitor without a session is told so before any other check.
    if (route.config?.member) route.onRequest = [memberOnly, ...hooks(route.onRequest)];
    if (route.config?.csrf) route.preHandler = [csrfChecked, ...hooks(route.preHandler)];
  });
});
