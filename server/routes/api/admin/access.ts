import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ADMIN_REFUSALS } from "../../../../common/api/admin.ts";
import type { SiteConfig } from "../../../../config/site.ts";
import { closeConsole, touchConsole } from "../../../services/console/console-sessions.ts";
import { isEnrolled, recoveryCodesLeft, startEnrolment } from "../../../services/console/second-factor.ts";
import { enrolAsStaff, openConsoleAsStaff } from "../../../services/console/staff-access.ts";
import { endpoints } from "../../endpoint.ts";
import { type CodeCheckDeps, codeAccepted } from "./code-check.ts";
import { actorOf } from "./guard.ts";

/** The console's door: where a staff member stands, enrolment of the authenticator app, opening and closing the console. */
export async function consoleAccessRoutes(fastify: FastifyInstance, options: CodeCheckDeps & { site: SiteConfig }) {
  const { db, clock, site, totpKey } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const staff = { consoleAccess: "staff" as const };
  const changes = { consoleAccess: "staff" as const, stateChanging: true };

  endpoint("GET /api/admin/session", { config: staff }, async (request) => {
    const { id, email, role, sessionIdHash } = request.operator;
    const [enrolled, left, open] = await Promise.all([
      isEnrolled(db, id),
      recoveryCodesLeft(db, id),
      touchConsole({ db, clock }, sessionIdHash, id),
    ]);
    return { email, role, enrolled, console_open: open, recovery_codes_left: left };
  });

  endpoint("POST /api/admin/two-factor/setup", { config: changes }, async (request, reply) => {
    const enrolment = await startEnrolment({ db, clock, totpKey }, request.operator, `${site.token.name} console`);
    if (!enrolment) return reply.code(409).send({ err_msg: ADMIN_REFUSALS.alreadyEnrolled });
    return { secret: enrolment.secret, otpauth_uri: enrolment.uri, qr_svg: enrolment.qrSvg };
  });

  endpoint("POST /api/admin/two-factor/confirm", { config: changes }, async (request, reply) => {
    const codes = await enrolAsStaff({ db, clock, totpKey }, actorOf(request), request.operator.sessionIdHash, request.body.code);
    if (!codes) return reply.code(400).send({ err_msg: ADMIN_REFUSALS.badCode });
    return { recovery_codes: codes };
  });

  endpoint("POST /api/admin/sign-in", { config: changes }, async (request, reply) => {
    const { id, sessionIdHash } = request.operator;
    if (!(await isEnrolled(db, id))) return reply.code(409).send({ err_msg: ADMIN_REFUSALS.notEnrolled });
    const body = request.body;
    if (!(await codeAccepted(options, request, reply, body))) return reply;
    await openConsoleAsStaff({ db, clock }, actorOf(request), sessionIdHash, { recoveryCodeSpent: !("code" in body) });
    return { suc_msg: "The console is open." };
  });

  endpoint("POST /api/admin/sign-out", { config: changes }, async (request) => {
    await closeConsole(db, request.operator.sessionIdHash);
    return { suc_msg: "The console is closed." };
  });
}
