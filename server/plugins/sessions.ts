import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SiteConfig } from "../../config/site.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
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
  /** A fresh session id at every login (no fixation); the previous one, if any, is deleted. */
  start(request: FastifyRequest, reply: FastifyReply, userId: number, remember: boolean): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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

function cookieName(base: "session" | "pre_session", secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

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

  const current = (request: FastifyRequest) => {
    let session = resolved.get(request);
    if (!session) {
      session = findSession({ db, clock }, read(request, "session"));
      resolved.set(request, session);
    }
    return session;
  };

  const tools: SessionTools = {
    current,
    async start(request, reply, userId, remember) {
      const previous = await current(request);
      if (previous) await deleteSession({ db }, previous.idHash);
      const { token } = await createSession({ db, clock }, userId, remember);
      const secure = isSecure(request, site);
      reply.setCookie(cookieName("session", secure), token, {
        ...cookieOptions(request),
        // Without "Remember Me" the cookie ends with the browser session; the server ends it after 12 idle hours.
        ...(remember ? { maxAge: REMEMBERED_SESSION_MS / 1000 } : {}),
      });
      reply.clearCookie(cookieName("pre_session", secure), cookieOptions(request));
    },
    async end(request, reply) {
      const session = await current(request);
      if (session) await deleteSession({ db }, session.idHash);
      reply.clearCookie(cookieName("session", isSecure(request, site)), cookieOptions(request));
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
