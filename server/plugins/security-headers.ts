import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { SiteConfig } from "../../config/site.ts";

/** The page policy: scripts only from this origin or with the hash of an inline script the build emitted. */
export function pageContentSecurityPolicy(site: SiteConfig, scriptHashes: readonly string[]): string {
  const contactOrigin = site.contact.endpoint.startsWith("/") ? "" : ` ${new URL(site.contact.endpoint).origin}`;
  const secure = site.site.origin.startsWith("https:");
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the guide search compile Pagefind's WebAssembly; it allows no JavaScript eval (decision 025).
    `script-src 'self' ${[...scriptHashes, "'wasm-unsafe-eval'"].join(" ")}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${contactOrigin}`,
    `form-action 'self'${contactOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "manifest-src 'self'",
    ...(secure ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const API_POLICY = "default-src 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** On every answer; a route may set its own Cross-Origin-Resource-Policy (the brand images are embeddable). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "content-security-policy": API_POLICY,
};

/** An answer's own headers with the security headers every response carries; its own win over the strict defaults. */
export function withSecurityHeaders(own: Record<string, string>): Record<string, string> {
  return { ...SECURITY_HEADERS, ...own };
}

/**
 * Security headers on every response, errors and 404s included. A page's
 * own policy and resource policy (set by the site plugin) win over the strict defaults.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook("onSend", (_request, reply, payload, done) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
});
