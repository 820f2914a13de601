import type { FastifyInstance } from "fastify";
import type { SiteConfig } from "../../config/site.ts";
import type { Clock } from "../clock.ts";

/** RFC 9116 asks for an expiry under a year away; one written at each request never goes stale. */
const SECURITY_TXT_VALID_DAYS = 180;

/** /.well-known/security.txt (RFC 9116): where to report a vulnerability, from the site configuration. */
export async function wellKnownRoutes(app: FastifyInstance, { site, clock }: { site: SiteConfig; clock: Clock }) {
  app.get(
    "/.well-known/security.txt",
    { schema: { summary: "Where to report a vulnerability (RFC 9116)", produces: ["text/plain"] } },
    async (_request, reply) => {
      const expires = new Date(clock.now().getTime() + SECURITY_TXT_VALID_DAYS * 24 * 60 * 60 * 1000);
      expires.setUTCMilliseconds(0);
      return reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(
          [
            `Contact: mailto:${site.legal.email}`,
            `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
            "Preferred-Languages: en",
            `Canonical: ${site.site.origin}/.well-known/security.txt`,
            "",
          ].join("\n"),
        );
    },
  );
}
