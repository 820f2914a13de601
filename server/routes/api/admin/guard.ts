import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ADMIN_REFUSALS, CSRF_HEADER } from "../../../../common/api/admin.ts";
import { NOT_LOGGED_IN } from "../../../../common/api/auth.ts";
import type { SiteConfig } from "../../../../config/site.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import { CROSS_SITE_REFUSED, crossSiteReason } from "../../../plugins/request-guards.ts";
import type { Actor } from "../../../services/audit.ts";
import { touchConsole } from "../../../services/console/console-sessions.ts";
import { type Role, roleOf } from "../../../services/console/roles.ts";
import { verifyCsrfToken } from "../../../services/csrf.ts";
import { findUserById } from "../../../services/users.ts";

/** What a console route needs: any staff member before the second factor, a staff member after it, or an admin after it. */
export type ConsoleAccess = "staff" | "console" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    consoleAccess?: ConsoleAccess;
  }
  interface FastifyRequest {
    operator: { id: number; email: string; role: Exclude<Role, "member">; sessionIdHash: string };
  }
}

export function actorOf(request: FastifyRequest): Exclude<Actor, "shell"> {
  return { id: request.operator.id, email: request.operator.email };
}

/**
 * The server's check in front of every /api/admin call, whatever its method:
 * the request comes from the site itself (Fetch Metadata and Origin), it
 * carries the console's CSRF token bound to the session, the account has a
 * console role, the second factor opened the console less than 30 idle
 * minutes ago, and admin-only calls come from an admin.
 */
export function guardConsole(
  app: FastifyInstance,
  { db, clock, site, secret }: { db: Database; clock: Clock; site: SiteConfig; secret: string },
) {
  app.decorateRequest("operator", undefined as unknown as FastifyRequest["operator"]);
  const refuse = (reply: FastifyReply, code: number, message: string) =>
    reply.code(code).header("cache-control", "no-store").send({ err_msg: message });

  // Every route of the area declares its access: admin unless it says otherwise.
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, consoleAccess: route.config?.consoleAccess ?? "admin" };
  });
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    const access = request.routeOptions.config.consoleAccess ?? "admin";
    if (crossSiteReason(request, site)) return refuse(reply, 403, CROSS_SITE_REFUSED);
    const session = await app.sessions.current(request);
    if (!session) return refuse(reply, 401, NOT_LOGGED_IN);
    const role = await roleOf(db, session.userId);
    if (role === "member") return refuse(reply, 403, ADMIN_REFUSALS.notStaff);
    const binding = `session:${session.idHash}`;
    if (!verifyCsrfToken(secret, request.headers[CSRF_HEADER], "console", binding, clock.now()))
      return refuse(reply, 403, ADMIN_REFUSALS.formExpired);
    const user = await findUserById(db, session.userId);
    if (!user) return refuse(reply, 401, NOT_LOGGED_IN);
    request.operator = { id: user.id, email: user.email, role, sessionIdHash: session.idHash };
    if (access === "staff") return;
    if (!(await touchConsole({ db, clock }, session.idHash, user.id))) return refuse(reply, 401, ADMIN_REFUSALS.secondFactor);
    if (access === "admin" && role !== "admin") return refuse(reply, 403, ADMIN_REFUSALS.adminOnly);
  });
}
