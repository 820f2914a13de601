import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { z } from "zod";
import type { CsrfPage, RegisterBody, registerFields as registerSchema, SignInBody } from "../../common/api/auth.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { solveSignupChallenge } from "./signup-work.ts";

const site = loadSiteConfig();
export const APP = site.token.slug;

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS";

/**
 * A browser-like client over `app.inject`: it keeps the cookies the server
 * sets and sends them back, so tests read like a visitor's steps.
 */
export function agent(app: FastifyInstance, { remoteAddress }: { remoteAddress?: string } = {}) {
  const cookies = new Map<string, string>();

  async function request(
    method: Method,
    url: string,
    options: Omit<InjectOptions, "method" | "url"> = {},
  ): Promise<LightMyRequestResponse> {
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const reply = await app.inject({
      method,
      url,
      ...(remoteAddress ? { remoteAddress } : {}),
      ...options,
      headers: { ...(cookieHeader ? { cookie: cookieHeader } : {}), ...options.headers },
    });
    for (const cookie of reply.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()) || cookie.value === "";
      if (expired) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return reply;
  }

  const self = {
    cookies,
    request,
    get: (url: string, headers: Record<string, string> = {}) => request("GET", url, { headers }),
    post: (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      request("POST", url, { payload: payload as object, headers }),
    put: (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      request("PUT", url, { payload: payload as object, headers }),

    async csrf(page: CsrfPage): Promise<string> {
      const reply =
        page === "register" ? await self.get(`/api/register?app=${APP}`) : await self.get(`/api/request-csrftoken?app=${APP}&page=${page}`);
      const token = reply.json().csrf_token;
      if (typeof token !== "string") throw new Error(`no CSRF token for ${page}: ${reply.statusCode} ${reply.body}`);
      return token;
    },

    /** The sign-up proof of work, solved like the browser's widget does. */
    async signupWork(): Promise<string> {
      const reply = await self.get(`/api/altcha-challenge?app=${APP}`);
      if (reply.statusCode !== 200) throw new Error(`no sign-up challenge: ${reply.statusCode} ${reply.body}`);
      return solveSignupChallenge(reply.json());
    },

    async register(fields: Partial<RegisterFields> = {}): Promise<LightMyRequestResponse> {
      const body: RegisterBody = {
        ...registerFields(fields),
        app: APP,
        csrfToken: await self.csrf("register"),
        altcha: await self.signupWork(),
      };
      return self.post("/api/register", body);
    },

    async signIn(username: string, password: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
      const body: SignInBody = { username, password, app: APP, csrfToken: await self.csrf("signin") };
      return self.post("/api/signin", { ...body, ...extra }, headers);
    },
  };
  return self;
}

export type Agent = ReturnType<typeof agent>;

/** What a person types to register, as the API receives it. */
export type RegisterFields = Required<z.input<typeof registerSchema>>;

let registered = 0;

/** Valid registration fields with a unique email; override any of them. */
export function registerFields(overrides: Partial<RegisterFields> = {}): RegisterFields {
  registered++;
  const password = overrides.password ?? "kestrel-hovers-at-dawn";
  return {
    first_name: "Ada",
    last_name: "Lovelace",
    username: `ada.${process.pid}.${registered}@example.com`,
    password,
    password2: password,
    referral_code: "",
    ...overrides,
  };
}
