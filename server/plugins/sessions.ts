import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SiteConfig } from "../../config/site.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { networkOf } from "../services/fairness/networks.ts";
import { SessionCache } from "../services/session-cache.ts";
import {
  type ActiveSession,
  createSession,
  deleteSession,
  findSession,
  hashToken,
  isWellFormedToken,
  newToken,
  REMEMBERED_SESSION_MS,
} from "../services/sessions.ts";

/** Cookies, sessions and the anonymous pre-session CSRF tokens are bound to before login. */
export type SessionTools = {
  current(request: FastifyRequest): Promise<ActiveSession | null>;
  /** The id hash of the request's session cookie, unchecked, when it is well formed: for a call that proves the session in its own statement. */
  cookieIdHash(request: FastifyRequest): string | null;
  /** A fresh session id at every login (no fixation); the previous one, if any, is deleted. */
  start(request: FastifyRequest, reply: FastifyReply, userId: number, remember: boolean): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** After a member's sessions were ended elsewhere in this instance (password change or reset, a revoked device, deletion). */
  forgetMember(userId: number): void;
  /** Clears the session and signed-in cookies (a session that is gone or expired). */
  forget(request: FastifyRequest, reply: FastifyReply): void;
  /** The session, else the pre-session (created with its cookie when `create`); null when neither exists. */
  csrfBinding(request: FastifyRequest, reply: FastifyReply, options: { create: boolean }): Promise<string | null>;
};

declare module "fastify" {
  interface FastifyInstance {
    sessions: SessionTools;
  }
}

/** Over HTTPS, cookies are Secure and carry the __Host- prefix (this host only, path /). */
function isSecure(request: FastifyRequest, site: SiteConfig): boolean {
  return site.site.origin.startsWith("https:") || request.protocol === "https";
}

function cookieName(base: "session" | "pre_session" | typeof SIGNED_IN_COOKIE, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/**
 * Readable by scripts and secret-free: it only says "this browser logged in",
 * so pages of anonymous visitors skip the is-authenticated call (which would
 * answer 401). The session itself stays in the HttpOnly cookie.
 */
export const SIGNED_IN_COOKIE = "signed_in";

export const sessionsPlugin = fp<{ db: Database; clock: Clock; site: SiteConfig }>(async (app: FastifyInstance, { db, clock, site }) => {
  await app.register(cookie);
  const resolved = new WeakMap<FastifyRequest, Promise<ActiveSession | null>>();

  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: "strict" as const,
    path: "/",
    secure: isSecure(request, site),
  });
  const read = (request: FastifyRequest, base: "session" | "pre_session") => request.cookies[cookieName(base, isSecure(request, site))];

  const cache = new SessionCache();
  const find = (idHash: string) => findSession({ db, clock }, idHash);
  const lookUp = async (token: string | undefined): Promise<ActiveSession | null> =>
    isWellFormedToken(token) ? cache.lookUp(hashToken(token), clock, find) : null;
  const current = (request: FastifyRequest) => {
    let session = resolved.get(request);
    if (!session) {
      session = lookUp(read(request, "session"));
      resolved.set(request, session);
    }
    return session;
  };
  const forgetMember = (userId: number) => cache.forgetMember(userId);

  const tools: SessionTools = {
    current,
    cookieIdHash(request) {
      const token = read(request, "session");
      return isWellFormedToken(token) ? hashToken(token) : null;
    },
    async start(request, reply, userId, remember) {
      const previous = await current(request);
      if (previous) {
        await deleteSession({ db }, previous.idHash);
        forgetMember(previous.userId);
      }
      const { token } = await createSession({ db, clock }, userId, remember, {
        userAgent: request.headers["user-agent"],
        network: networkOf(request.ip),
      });
      // A login beyond the member's newest sessions ended the oldest.
      forgetMember(userId);
      const secure = isSecure(request, site);
      // Without "Remember Me" the cookies end with the browser session; the server ends it after 12 idle hours.
      const lifetime = remember ? { maxAge: REMEMBERED_SESSION_MS / 1000 } : {};
      reply.setCookie(cookieName("session", secure), token, { ...cookieOptions(request), ...lifetime });
      reply.setCookie(cookieName(SIGNED_IN_COOKIE, secure), "1", { ...cookieOptions(request), httpOnly: false, ...lifetime });
      reply.clearCookie(cookieName("pre_session", secure), cookieOptions(request));
    },
    async end(request, reply) {
      const session = await current(request);
      if (session) {
        await deleteSession({ db }, session.idHash);
        cache.forgetSession(session.idHash);
      }
      tools.forget(request, reply);
    },
    forgetMember,
    forget(request, reply) {
      const secure = isSecure(request, site);
      reply.clearCookie(cookieName("session", secure), cookieOptions(request));
      reply.clearCookie(cookieName(SIGNED_IN_COOKIE, secure), { ...cookieOptions(request), httpOnly: false });
    },
    async csrfBinding(request, reply, { create }) {
      const session = await current(request);
      if (session) return `session:${session.idHash}`;
      const existing = read(request, "pre_session");
      if (isWellFormedToken(existing)) return `pre:${hashToken(existing)}`;
      if (!create) return null;
      const token = newToken();
      reply.setCookie(cookieName("pre_session", isSecure(request, site)), token, cookieOptions(request));
      return `pre:${hashToken(token)}`;
    },
  };
  app.decorate("sessions", tools);
});
