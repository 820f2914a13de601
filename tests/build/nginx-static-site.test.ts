import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SiteManifest } from "../../common/site-manifest.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { nginxStaticSite } from "../../scripts/build/nginx-site.ts";
import { pageContentSecurityPolicy } from "../../server/plugins/security-headers.ts";
import { loadSiteBuild } from "../../server/plugins/site.ts";
import { projectRoot } from "../../server/project-root.ts";

const clientDir = path.join(projectRoot, "build/client");
const written = () => readFileSync(path.join(projectRoot, "build/nginx/static-site.conf"), "utf8");

/** The nginx locations the build writes (deploy/nginx/kestrel.conf includes them); tests/production/nginx.test.ts serves through them. */
describe("the nginx static site", () => {
  const site = loadSiteConfig();
  const manifest = JSON.parse(readFileSync(path.join(projectRoot, "build/site-manifest.json"), "utf8")) as SiteManifest;

  it("is what the server's own loaded build gives, written by this build", () => {
    expect(written()).toBe(nginxStaticSite(loadSiteBuild(clientDir, site), clientDir));
  });

  it("gives each page its own policy, with the hashes of its inline scripts, the head's colour-scheme script among them", () => {
    const conf = written();
    for (const [pagePath, page] of Object.entries(manifest.pages)) {
      const location = conf.slice(conf.indexOf(`location = ${pagePath} {`)).split("\n}")[0] ?? "";
      expect(location, pagePath).toContain(
        `add_header content-security-policy "${pageContentSecurityPolicy(site, page.scriptHashes)}" always;`,
      );
      expect(page.scriptHashes.length, pagePath).toBeGreaterThan(0);
      expect(location, pagePath).toContain(`try_files /${page.file}$kestrel_suffix =404;`);
    }
  });

  it("sends hashed assets for a year and every other path to the 404 page", () => {
    const conf = written();
    const asset = conf.slice(conf.search(/location = \/assets\/[^ ]+\.js \{/)).split("\n}")[0] ?? "";
    expect(asset).toContain('add_header cache-control "public, max-age=31536000, immutable" always;');
    expect(asset).toContain('default_type "text/javascript; charset=utf-8";');
    expect(conf).toContain("error_page 404 /__not-found;");
    expect(conf).toContain(`try_files /${manifest.notFound.file}$kestrel_suffix =404;`);
    expect(conf.trimEnd().endsWith("location / {\n    return 404;\n}")).toBe(true);
  });
});
