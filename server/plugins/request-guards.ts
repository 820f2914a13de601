import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasControlCharacters, SPECIAL_CHARACTERS_MESSAGE } from "../../common/account-rules.ts";
import type { SiteConfig } from "../../config/site.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The call changes state (the spec's sign-out and claim are GETs): refused from other sites, navigations and prefetches. */
    stateChanging?: boolean;
  }
}

/** No form or call of the API nests deeper than this; an attacker's thousands of levels are refused, not walked. */
export const MAX_BODY_DEPTH = 32;
export const TOO_DEEP_MESSAGE = "The request is nested too deeply.";

/**
 * What is wrong with a parsed request's strings, keys included: a control character or a lone surrogate, or
 * nesting deeper than any call needs. Walked with a stack of its own, so no body can exhaust the call stack.
 */
function refusalIn(value: unknown): "control-characters" | "too-deep" | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, depth } = next;
    if (typeof item === "string") {
      if (hasControlCharacters(item)) return "control-characters";
    } else if (item && typeof item === "object") {
      if (depth >= MAX_BODY_DEPTH) return "too-deep";
      for (const [key, child] of Object.entries(item)) {
        if (hasControlCharacters(key)) return "control-characters";
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

export const CROSS_SITE_REFUSED = "This request must come from the site itself.";

export function crossSiteReason(request: FastifyRequest, site: SiteConfig): string | null {
  const headers = request.headers;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin") return "sec-fetch-site";
  // The site's own calls are fetch() requests: mode cors (or same-origin), destination empty.
  // A navigation, an <img>, a <script> or a form post on the site itself is refused too.
  const mode = headers["sec-fetch-mode"];
  if (mode !== undefined && mode !== "cors" && mode !== "same-origin") return mode === "navigate" ? "navigation" : "fetch-mode";
  const destination = headers["sec-fetch-dest"];
  if (destination !== undefined && destination !== "empty") return "fetch-destination";
  const purpose = `${headers["sec-purpose"] ?? ""} ${headers.purpose ?? ""} ${headers["x-moz"] ?? ""}`.toLowerCase();
  if (purpose.includes("prefetch") || purpose.includes("prerender")) return "prefetch";
  const origin = headers.origin;
  if (origin !== undefined && origin !== site.site.origin && origin !== `${request.protocol}://${request.host}`) return "origin";
  return null;
}

/**
 * Every API answer is `Cache-Control: no-store` unless its route says
 * otherwise; a state-changing call is refused with 403 when the browser says
 * it comes from another site, is a navigation, a resource load or a prefetch.
 */
export const requestGuards = fp<{ site: SiteConfig }>(async (app: FastifyInstance, { site }) => {
  const guardStateChange = async (request: FastifyRequest, reply: FastifyReply) => {
    // Fastify answers HEAD for every GET by running the GET's handler; a HEAD must never claim or sign out.
    if (request.method === "HEAD") {
      return reply
        .code(405)
        .header("allow", "GET")
        .header("cache-control", "no-store")
        .send({ err_msg: "That method is not allowed here." });
    }
    const reason = crossSiteReason(request, site);
    if (reason) {
      request.log.info({ reason }, "cross-site state change refused");
      return reply.code(403).header("cache-control", "no-store").send({ err_msg: CROSS_SITE_REFUSED });
    }
  };
  // Only the state-changing routes (and the HEAD routes Fastify makes from them) carry the check; every other request skips it.
  app.addHook("onRoute", (route) => {
    if (!route.config?.stateChanging) return;
    route.onRequest = [guardStateChange, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
  // Every route, present and future, before its own schema: no field anywhere holds NUL, another control character or broken
  // Unicode, and no body nests deeper than MAX_BODY_DEPTH.
  app.addHook("preValidation", async (request, reply) => {
    for (const part of [request.body, request.query, request.params]) {
      const refusal = refusalIn(part);
      if (refusal === "too-deep") {
        request.log.info("request nested too deeply refused");
        return reply.code(400).send({ err_msg: TOO_DEEP_MESSAGE });
      }
      if (refusal) return reply.code(400).send({ err_msg: SPECIAL_CHARACTERS_MESSAGE });
    }
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
});
