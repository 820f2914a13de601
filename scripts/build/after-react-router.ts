/** Runs after `react-router build`: everything the prerendered site needs besides pages and bundles. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sitePages } from "../../app/site-pages.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { loadSiteBuild } from "../../server/plugins/site.ts";
import { writeBrandAssets } from "./brand-assets.ts";
import { finalizeSite } from "./finalize-site.ts";
import { nginxStaticSite } from "./nginx-site.ts";
import { indexGuides } from "./search-index.ts";
import { renderWhitepaper } from "./whitepaper.ts";

const site = loadSiteConfig();
const clientDir = path.resolve("build/client");

writeBrandAssets(site, clientDir);
writeFileSync(
  path.join(clientDir, "whitepaper.pdf"),
  await renderWhitepaper(site, readFileSync(path.join(clientDir, site.token.logo), "utf8")),
);
console.log(`Indexed ${await indexGuides(clientDir)} pages (guides, buy path, FAQ and glossary) for search`);
const manifest = finalizeSite(site, sitePages(site), clientDir);
console.log(`Finalized ${Object.keys(manifest.pages).length} pages in ${clientDir}`);
// nginx serves the same pages and files with the same headers, from what the server itself would load (deploy/nginx).
mkdirSync(path.resolve("build/nginx"), { recursive: true });
writeFileSync(path.resolve("build/nginx/static-site.conf"), nginxStaticSite(loadSiteBuild(clientDir, site), clientDir));
