import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { guideCatalog } from "../../app/content/guide-catalog.ts";
import { loadLabels } from "../../app/content/guide-labels.ts";
import { EXAMPLE_RECIPIENT, EXAMPLE_TOKENS, paymentRequestUri } from "../../common/payment-request.ts";
import { useTestApp } from "../helpers/test-app.ts";

/** The HTML as a crawler or a phone without JavaScript sees it: scripts removed. */
function withoutScripts(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, "");
}

describe("guide pages as served", () => {
  const t = useTestApp({ withSite: true });

  it("serve all 41 guides and /how-to with their title, and numbered steps on every how-to guide, in the HTML itself", async () => {
    const guides = guideCatalog(t.site);
    expect(guides).toHaveLength(41);
    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    for (const guide of guides) {
      const reply = await t.app.inject({ method: "GET", url: guide.path });
      expect(reply.statusCode, guide.path).toBe(200);
      const html = withoutScripts(reply.body);
      expect(html).toContain(`>${guide.title.replace(/&/g, "&amp;")}</h1>`);
      if (guide.layout === "steps") {
        expect(/<ol[^>]*>\s*<li[\s\S]*Step 1: <\/span>/.test(html), `${guide.path} has numbered steps`).toBe(true);
      } else {
        expect(html, `${guide.path} is an explainer, its topics are not steps`).not.toContain("Step 1: ");
      }
      expect(sitemap).toContain(`<loc>${t.site.site.origin}${guide.path}</loc>`);
    }
    const howTo = withoutScripts((await t.app.inject({ method: "GET", url: "/how-to" })).body);
    for (const guide of guides) expect(howTo).toContain(`href="${guide.path}"`);
  });

  it("serves every illustration a guide shows", async () => {
    for (const guide of guideCatalog(t.site)) {
      const html = (await t.app.inject({ method: "GET", url: guide.path })).body;
      for (const [, src] of html.matchAll(/<img[^>]+src="(\/guides\/[^"]+)"/g)) {
        const reply = await t.app.inject({ method: "GET", url: src as string });
        expect(reply.statusCode, src).toBe(200);
        expect(reply.headers["content-type"]).toMatch(/^image\//);
      }
    }
  });

  it("shows the example payment request in full, drawn as a QR code that no wallet can scan", async () => {
    const html = (await t.app.inject({ method: "GET", url: `/android-receive-${t.site.token.slug}-qr` })).body;
    expect(html).toContain(paymentRequestUri(t.site, { recipient: EXAMPLE_RECIPIENT, tokens: EXAMPLE_TOKENS }).replace(/&/g, "&amp;"));
    const svg = /<svg[^>]*viewBox="0 0 \d+ \d+"[^>]*shape-rendering="crispEdges"[\s\S]*?<\/svg>/.exec(html)?.[0];
    expect(svg).toBeDefined();
    const dir = mkdtempSync(path.join(os.tmpdir(), "qr-"));
    const png = path.join(dir, "qr.png");
    writeFileSync(png, new Resvg(svg as string, { fitTo: { mode: "width", value: 600 } }).render().asPng());
    // zbarimg exits with 4 when it finds no code in the image.
    const scan = spawnSync("zbarimg", ["--quiet", "--raw", png], { encoding: "utf8" });
    expect(scan.stdout.trim()).toBe("");
    expect(scan.status).toBe(4);
  });

  it("names on each guide the MetaMask versions it was checked against, and when", async () => {
    const { versions } = loadLabels();
    for (const guide of guideCatalog(t.site)) {
      const html = withoutScripts((await t.app.inject({ method: "GET", url: guide.path })).body);
      expect(html, guide.path).toContain(
        `Checked against MetaMask extension ${versions.extension} and MetaMask Mobile ${versions.mobile} on <time dateTime="${guide.checked}">`,
      );
    }
  });
});
