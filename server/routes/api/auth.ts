import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  NOT_LOGGED_IN,
  REGISTERED,
  registrationRefusalText,
  SIGNED_OUT,
  type SignInRefusal,
  signInRefusalText,
} from "../../../common/api/auth.ts";
import { errorReply } from "../../../common/api/fields.ts";
import { type AccountDeps, siteWordsOf } from "../../services/account-deps.ts";
import { registerUser } from "../../services/auth/register.ts";
import { type LoginLimits, loginBlockedUntil, signIn, throttled } from "../../services/auth/sign-in.ts";
import { issueCsrfToken } from "../../services/csrf.ts";
import { networkOf, rateLimitClientOf } from "../../services/fairness/networks.ts";
import { createSignupChallenge } from "../../services/fairness/signup-challenge.ts";
import type { LimitBlocks } from "../../services/limit-blocks.ts";
import type { Limit } from "../../services/rate-limit.ts";
import { endpoints } from "../endpoint.ts";
import { refuse } from "../refusals.ts";

export type AuthRoutesOptions = {
  deps: AccountDeps;
  secret: string;
  loginLimits: LoginLimits;
  registrationsPerIp: Limit;
  loginBlocks: LimitBlocks;
  altchaHmacKey: string;
  signupWorkBase: number;
  /** After an account is created: the email that verifies its address. */
  onRegistered: (userId: number) => Promise<void>;
};

/** Registration, login, logout and the CSRF tokens of their forms: the spec's calls, field for field. */
export async function authRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  const { deps, secret, loginLimits, registrationsPerIp, loginBlocks, altchaHmacKey, signupWorkBase, onRegistered } = options;
  const { site, db, clock, rateLimiter, fairness, work: passwordWork } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const api = app.endpointTable;
  const siteWords = siteWordsOf(site);

  app.get(
    "/api/is-authenticated",
    { schema: { response: { 200: api["GET /api/is-authenticated"].reply, 401: errorReply } } },
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
        querystring: api["GET /api/request-csrftoken"].querystring,
        response: { 200: api["GET /api/request-csrftoken"].reply, 403: errorReply },
      },
    },
    async (request, reply) => {
      const { page } = request.query;
      if (
        (page === "update-wallet-address" || page === "payouts" || page === "quests" || page === "account") &&
        !(await app.sessions.current(request))
      )
        return reply.code(403).send({ err_msg: NOT_LOGGED_IN });
      const binding = (await app.sessions.csrfBinding(request, reply, { create: true })) as string;
      return { csrf_token: issueCsrfToken(secret, page, binding, clock.now()) };
    },
  );

  app.get(
    "/api/register",
    { schema: { querystring: api["GET /api/register"].querystring, response: { 200: api["GET /api/register"].reply } } },
    async (request, reply) => {
      const binding = (await app.sessions.csrfBinding(request, reply, { create: true })) as string;
      return { csrf_token: issueCsrfToken(secret, "register", binding, clock.now()) };
    },
  );

  app.get(
    "/api/altcha-challenge",
    { schema: { querystring: api["GET /api/altcha-challenge"].querystring, response: { 200: api["GET /api/altcha-challenge"].reply } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return createSignupChallenge({ db, clock, hmacKey: altchaHmacKey, base: signupWorkBase }, networkOf(request.ip));
    },
  );

  endpoint(
    "POST /api/register",
    { config: { stateChanging: true, csrf: "register" }, refusals: registrationRefusalText },
    async (request, reply) => {
      const body = request.body;
      const attempts = await rateLimiter.hit(`register:ip:${rateLimitClientOf(request.ip)}`, registrationsPerIp.windowMs);
      if (attempts > registrationsPerIp.max) {
        return reply.code(429).send({ err_msg: "Too many sign-ups from your network. Please try again in an hour." });
      }
      // A bot that filled the hidden field is told it succeeded, and nothing is stored.
      if (body.website) return { suc_msg: REGISTERED };

      const result = await registerUser(
        { db, clock, work: passwordWork, siteWords, fairness, altchaHmacKey },
        {
          ip: request.ip,
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.username,
          password: body.password,
          password2: body.password2,
          referralCode: body.referral_code,
          altcha: body.altcha,
        },
      );
      if (!result.ok) return result;
      request.log.info({ userId: result.userId }, "account registered");
      await onRegistered(result.userId);
      return { suc_msg: REGISTERED };
    },
  );

  const refuseLogin = (reply: FastifyReply, refused: SignInRefusal) => {
    app.metrics.loginsFailed.inc();
    return refuse(reply, refused, signInRefusalText);
  };

  app.post(
    "/api/signin",
    {
      config: { stateChanging: true, csrf: "signin" },
      schema: { body: api["POST /api/signin"].body, response: { 200: api["POST /api/signin"].reply, "4xx": errorReply } },
      // An address already known to be over its limit is refused before its body is read, checked or counted.
      onRequest: async (request, reply) => {
        if (loginBlockedUntil(loginBlocks, request.ip, clock.now()))
          return refuseLogin(reply, throttled(clock, [loginLimits.failuresPerIp]));
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await signIn(
        { db, clock, rateLimiter, limits: loginLimits, work: passwordWork, blocks: loginBlocks },
        { email: body.username, password: body.password, ip: request.ip, sessionIdHash: app.sessions.cookieIdHash(request) },
      );
      if (!result.ok) {
        request.log.info({ refusal: result.refusal }, "login refused");
        return refuseLogin(reply, result);
      }
      await app.sessions.start(request, reply, result.userId, body.remember);
      return { suc_msg: `Welcome back, ${result.firstName}.` };
    },
  );

  app.get(
    "/api/signout",
    {
      // The spec's sign-out is a GET; the cross-site guard still refuses it from other sites and prefetches.
      config: { stateChanging: true, public: "ends only the caller's own session" },
      schema: { response: { 200: api["GET /api/signout"].reply } },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return { suc_msg: SIGNED_OUT };
    },
  );
}
