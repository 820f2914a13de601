import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { SitePage } from "../../app/site-pages.ts";
import { type BuiltPage, type SiteManifest, siteConfigHash } from "../../common/site-manifest.ts";
import type { SiteConfig } from "../../config/site.ts";
import { listFiles } from "../../server/list-files.ts";

const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|xml|txt|data)$/;

function pageFile(pagePath: string): string {
  return pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
}

/** The sha256 sources of every inline <script>, for the page's Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

function builtPage(clientDir: string, file: string): BuiltPage {
  return { file, scriptHashes: inlineScriptHashes(readFileSync(path.join(clientDir, file), "utf8")) };
}

function writeSitemap(site: SiteConfig, pages: SitePage[], clientDir: string): void {
  const urls = pages
    .filter((page) => page.indexed !== false)
    .map((page) => `  <url><loc>${site.site.origin}${page.path}</loc><lastmod>${site.legal.updated}</lastmod></url>`);
  writeFileSync(
    path.join(clientDir, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
  );
  const hidden = pages.filter((page) => page.indexed === false).map((page) => `Disallow: ${page.path}`);
  writeFileSync(
    path.join(clientDir, "robots.txt"),
    ["User-agent: *", "Disallow: /api/", "Disallow: /admin", ...hidden, "", `Sitemap: ${site.site.origin}/sitemap.xml`, ""].join("\n"),
  );
}

/** Sitemap, robots.txt, per-page script hashes, brotli and gzip copies, and build/site-manifest.json. */
export function finalizeSite(site: SiteConfig, pages: SitePage[], clientDir: string): SiteManifest {
  writeSitemap(site, pages, clientDir);

  const manifest: SiteManifest = {
    siteConfigHash: siteConfigHash(site),
    pages: Object.fromEntries(pages.map((page) => [page.path, builtPage(clientDir, pageFile(page.path))])),
    notFound: builtPage(clientDir, "404/index.html"),
    consoleShell: builtPage(clientDir, "__spa-fallback.html"),
  };

  for (const file of listFiles(clientDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
  }
  writeFileSync(path.join(clientDir, "..", "site-manifest.json"), JSON.stringify(manifest, null, 2));
  return manifest;
}
