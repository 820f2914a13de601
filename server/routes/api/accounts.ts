import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail, NAME_MAX_LENGTH } from "../../../common/account-rules.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import type { PasswordWork } from "../../services/auth/password-work.ts";
import { registerUser } from "../../services/auth/register.ts";
import { type LoginLimits, loginBlockedUntil, signIn, throttled } from "../../services/auth/sign-in.ts";
import { CSRF_PAGES, issueCsrfToken, verifyCsrfToken } from "../../services/csrf.ts";
import type { LimitBlocks } from "../../services/limit-blocks.ts";
import type { Limit, RateLimiter } from "../../services/rate-limit.ts";
import { appField, appQuery, csrfTokenField, FORM_EXPIRED, jsonObject, requiredText } from "./schemas.ts";

export type AccountRoutesOptions = {
  site: SiteConfig;
  db: Database;
  clock: Clock;
  secret: string;
  rateLimiter: RateLimiter;
  loginLimits: LoginLimits;
  registrationsPerIp: Limit;
  passwordWork: PasswordWork;
  loginBlocks: LimitBlocks;
};

const errorReply = z.object({ err_msg: z.string() });
const successReply = z.object({ suc_msg: z.string() });
const csrfReply = z.object({ csrf_token: z.string() });

export const REGISTERED = "Your account has been created. You can now log in.";
export const NOT_LOGGED_IN = "Please log in first.";

/** Registration, login, logout and the CSRF tokens of their forms: the spec's calls, field for field. */
export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions) {
  const { site, db, clock, secret, rateLimiter, loginLimits, registrationsPerIp, passwordWork, loginBlocks } = options;
  const siteWords = [site.token.name, site.token.symbol, site.token.slug];
  const app_ = appField(site);

  const registerBody = jsonObject({
    first_name: requiredText("Please enter your first name.", NAME_MAX_LENGTH),
    last_name: requiredText("Please enter your last name.", NAME_MAX_LENGTH),
    username: z
      .string({ error: "Please enter your email." })
      .trim()
      .min(1, "Please enter your email.")
      .refine(isValidEmail, "Please enter a valid email."),
    password: z.string({ error: "Please enter a password." }).min(1, "Please enter a password.").max(1024, "That password is too long."),
    password2: z
      .string({ error: "Please confirm your password." })
      .min(1, "Please confirm your password.")
      .max(1024, "That password is too long."),
    referral_code: z.string({ error: "The referral code must be text." }).max(32, "That referral code is too long.").optional().default(""),
    app: app_,
    csrfToken: csrfTokenField,
    /** The honeypot: hidden from people, filled in by bots. */
    website: z.string().max(500).optional(),
  });

  const signInBody = jsonObject({
    username: z
      .string({ error: "Please enter your email." })
      .trim()
      .min(1, "Please enter your email.")
      .max(EMAIL_MAX_LENGTH, "Please enter your email."),
    password: z
      .string({ error: "Please enter your password." })
      .min(1, "Please enter your password.")
      .max(1024, "The email or password is incorrect."),
    app: app_,
    csrfToken: csrfTokenField,
    remember: z.boolean({ error: "remember must be true or false." }).optional().default(false),
  });

  app.get(
    "/api/is-authenticated",
    { schema: { response: { 200: z.object({ authenticated: z.literal(true) }), 401: errorReply } } },
    async (request, reply) => {
      if (await app.sessions.current(request)) return { authenticated: true as const };
      app.sessions.forget(request, reply);
      return reply.code(401).send({ err_msg: "You are not logged in." });
    },
  );

  app.get(
    "/api/request-csrftoken",
    {
      schema: {
        querystring: z.object(
          { app: app_, page: z.enum(CSRF_PAGES, { error: "Unknown page." }) },
          { error: "The request is missing its query." },
        ),
        response: { 200: csrfReply, 403: errorReply },
      },
    },
    async (request, reply) => {
      const { page } = request.query as { page: (typeof CSRF_PAGES)[number] };
      if ((page === "update-wallet-address" || page === "payouts") && !(await app.sessions.current(request)))
        return reply.code(403).send({ err_msg: NOT_LOGGED_IN });
      const binding = (await app.sessions.csrfBinding(request, reply, { create: true })) as string;
      return { csrf_token: issueCsrfToken(secret, page, binding, clock.now()) };
    },
  );

  app.get("/api/register", { schema: { querystring: appQuery(site), response: { 200: csrfReply } } }, async (request, reply) => {
    const binding = (await app.sessions.csrfBinding(request, reply, { create: true })) as string;
    return { csrf_token: issueCsrfToken(secret, "register", binding, clock.now()) };
  });

  app.post(
    "/api/register",
    { config: { stateChanging: true }, schema: { body: registerBody, response: { 200: successReply, "4xx": errorReply } } },
    async (request, reply) => {
      const body = request.body as z.infer<typeof registerBody>;
      const binding = await app.sessions.csrfBinding(request, reply, { create: false });
      if (!verifyCsrfToken(secret, body.csrfToken, "register", binding, clock.now()))
        return reply.code(403).send({ err_msg: FORM_EXPIRED });

      const attempts = await rateLimiter.hit(`register:ip:${request.ip}`, registrationsPerIp.windowMs);
      if (attempts > registrationsPerIp.max) {
        return reply.code(429).send({ err_msg: "Too many sign-ups from your network. Please try again in an hour." });
      }
      // A bot that filled the hidden field is told it succeeded, and nothing is stored.
      if (body.website) return { suc_msg: REGISTERED };

      const result = await registerUser(
        { db, clock, work: passwordWork, siteWords },
        {
          ip: request.ip,
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.username,
          password: body.password,
          password2: body.password2,
          referralCode: body.referral_code,
        },
      );
      if (!result.ok) return reply.code(400).send({ err_msg: result.message });
      request.log.info({ userId: result.userId }, "account registered");
      return { suc_msg: REGISTERED };
    },
  );

  const refuseThrottled = (reply: FastifyReply, { retryAfterSeconds, message }: { retryAfterSeconds: number; message: string }) => {
    app.metrics.loginsFailed.inc();
    return reply.code(429).header("retry-after", String(retryAfterSeconds)).send({ err_msg: message });
  };

  app.post(
    "/api/signin",
    {
      config: { stateChanging: true },
      schema: { body: signInBody, response: { 200: successReply, "4xx": errorReply } },
      // An address already known to be over its limit is refused before its body is read, checked or counted.
      onRequest: async (request, reply) => {
        if (loginBlockedUntil(loginBlocks, request.ip, clock.now()))
          return refuseThrottled(reply, throttled(clock, [loginLimits.failuresPerIp]));
      },
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof signInBody>;
      const binding = await app.sessions.csrfBinding(request, reply, { create: false });
      if (!verifyCsrfToken(secret, body.csrfToken, "signin", binding, clock.now())) return reply.code(403).send({ err_msg: FORM_EXPIRED });

      const result = await signIn(
        { db, clock, rateLimiter, limits: loginLimits, work: passwordWork, blocks: loginBlocks },
        { email: body.username, password: body.password, ip: request.ip },
      );
      if (!result.ok) {
        request.log.info({ reason: result.reason }, "login refused");
        if (result.reason === "throttled") return refuseThrottled(reply, result);
        app.metrics.loginsFailed.inc();
        return reply.code(401).send({ err_msg: result.message });
      }
      await app.sessions.start(request, reply, result.userId, body.remember);
      return { suc_msg: `Welcome back, ${result.firstName}.` };
    },
  );

  app.get("/api/signout", { config: { stateChanging: true }, schema: { response: { 200: successReply } } }, async (request, reply) => {
    await app.sessions.end(request, reply);
    return { suc_msg: "You have been logged out." };
  });
}
