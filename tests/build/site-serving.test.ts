import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COLOR_SCHEME_HEAD_SCRIPT } from "../../app/lib/color-scheme.ts";
import { sitePages } from "../../app/site-pages.ts";
import { useTestApp } from "../helpers/test-app.ts";

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
}

describe("serving the prerendered site", () => {
  const t = useTestApp({ withSite: true });

  it("answers every page with prerendered HTML holding its main heading before any script runs", async () => {
    for (const page of sitePages(t.site)) {
      const reply = await t.app.inject({ method: "GET", url: page.path });
      expect(reply.statusCode, page.path).toBe(200);
      expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(reply.body, page.path).toMatch(/<h1[^>]*>[^<]+/);
    }
  });

  it("answers an unknown path with status 404 and the 404 page", async () => {
    for (const url of ["/no-such-page", "/404", "/dashboard/extra", "/index.html", "/assets/../index.html"]) {
      const reply = await t.app.inject({ method: "GET", url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.body).toContain("Oops! Page Not Found (404)");
      expect(reply.body).toContain('href="/"');
    }
  });

  it("honours q-values in Accept-Encoding: br;q=0 refuses brotli, and the higher q wins", async () => {
    const noBrotli = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(noBrotli.headers["content-encoding"]).toBe("gzip");
    const gzipPreferred = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br;q=0.5, gzip;q=0.9" } });
    expect(gzipPreferred.headers["content-encoding"]).toBe("gzip");
    const neither = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "identity" } });
    expect(neither.headers["content-encoding"]).toBeUndefined();
  });

  it("lets other sites embed the brand images, and nothing else", async () => {
    for (const url of ["/brand/logo.svg", "/brand/og-image.png"]) {
      expect((await t.app.inject({ method: "GET", url })).headers["cross-origin-resource-policy"], url).toBe("cross-origin");
    }
    for (const url of ["/", "/favicon.ico", "/no-such-page"]) {
      expect((await t.app.inject({ method: "GET", url })).headers["cross-origin-resource-policy"], url).toBe("same-origin");
    }
    expect((await t.app.inject({ method: "GET", url: "/" })).headers["permissions-policy"]).not.toContain("interest-cohort");
  });

  it("answers HEAD for a page and for an unknown path", async () => {
    expect((await t.app.inject({ method: "HEAD", url: "/" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "HEAD", url: "/no-such-page" })).statusCode).toBe(404);
  });

  it("sends brotli or gzip copies made at build time, and the plain bytes otherwise", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/" });
    const br = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    const gz = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toBe("accept-encoding");
  });

  it("revalidates HTML and caches hashed assets for a year", async () => {
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.headers["cache-control"]).toBe("no-cache");
    const asset = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0];
    expect(asset).toBeDefined();
    const reply = await t.app.inject({ method: "GET", url: asset as string });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(reply.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await t.app.inject({ method: "GET", url: "/earn-tokens" });
    const again = await t.app.inject({ method: "GET", url: "/earn-tokens", headers: { "if-none-match": first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("redirects a trailing slash to the page's own path", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/earn-tokens/?x=1" });
    expect(reply.statusCode).toBe(301);
    expect(reply.headers.location).toBe("/earn-tokens?x=1");
  });

  it("allows exactly the inline scripts each page carries, by hash, and no unsafe-inline", async () => {
    // React pages carry React Router's inline scripts; an article (decision 053) only the head's colour-scheme script.
    for (const [url, hydrates] of [
      ["/login", true],
      ["/no-such-page", true],
      ["/", false],
      ["/terms-and-conditions", false],
    ] as const) {
      const reply = await t.app.inject({ method: "GET", url });
      const policy = reply.headers["content-security-policy"] as string;
      expect(policy).not.toContain("unsafe-inline");
      expect(policy).toContain("frame-ancestors 'none'");
      const scripts = inlineScripts(reply.body);
      expect(scripts[0], url).toBe(COLOR_SCHEME_HEAD_SCRIPT);
      expect(scripts.length > 1, url).toBe(hydrates);
      expect(policy.match(/'sha256-/g)?.length, url).toBe(scripts.length);
      for (const script of scripts) {
        expect(policy).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
      }
    }
  });

  it("sets the security headers on pages and on the 404", async () => {
    for (const url of ["/", "/no-such-page", "/robots.txt"]) {
      const reply = await t.app.inject({ method: "GET", url });
      expect(reply.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      expect(reply.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(reply.headers["x-frame-options"]).toBe("DENY");
    }
  });

  it("lists every public page in sitemap.xml, and keeps the account pages out", async () => {
    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    for (const page of sitePages(t.site)) {
      const entry = `<loc>${t.site.site.origin}${page.path}</loc>`;
      if (page.indexed === false) expect(sitemap).not.toContain(entry);
      else expect(sitemap).toContain(entry);
    }
    const robots = (await t.app.inject({ method: "GET", url: "/robots.txt" })).body;
    expect(robots).toContain(`Sitemap: ${t.site.site.origin}/sitemap.xml`);
  });

  it("carries Open Graph and Twitter card tags with a share image that exists", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/" })).body;
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] as string;
    const reply = await t.app.inject({ method: "GET", url: new URL(image).pathname });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("image/png");
    expect(reply.rawPayload.subarray(16, 24).readUInt32BE(0)).toBe(1200);
  });
});
