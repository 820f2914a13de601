import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type BuiltPage, type SiteManifest, siteConfigHash } from "../../common/site-manifest.ts";
import type { SiteConfig } from "../../config/site.ts";
import { listFiles } from "../list-files.ts";
import { pageContentSecurityPolicy, withSecurityHeaders } from "./security-headers.ts";

/** One answer ready to write: headers as Node's flat list, the body already encoded. */
type Answer = { headers: string[]; body: Buffer };

export type Asset = {
  /** The file it was read from; its .br and .gz copies sit beside it. */
  file: string;
  body: Buffer;
  br: Buffer | null;
  gz: Buffer | null;
  headers: Record<string, string>;
  /** Built once at start-up with the security headers, so a request allocates nothing for them. */
  answers: { br: Answer | null; gzip: Answer | null; identity: Answer; notModified: Answer };
};

/** The prerendered site held in memory: reading files per request served a tenth of nginx's rate here. */
export type SiteBuild = {
  pages: Map<string, Asset>;
  files: Map<string, Asset>;
  notFound: Asset;
  /** Every /admin path: the console renders in the browser only, so no operator data is ever in a built page. */
  consoleShell: Asset;
};

export class SiteBuildError extends Error {
  override name = "SiteBuildError";
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".wasm": "application/wasm",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  // Route data of prerendered pages, fetched on client-side navigation.
  ".data": "text/x-script; charset=utf-8",
};

/** Under `nosniff` a wrong type breaks the file: an image or a font sent as octet-stream is not shown. */
export function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

const BOTH_ENCODINGS = ["br", "gzip"];
/** Browsers send a handful of Accept-Encoding values: each is parsed once, not per request; odd ones beyond the cap are parsed each time. */
const negotiated = new Map<string, "br" | "gzip" | null>();
const NEGOTIATED_KEPT = 256;

function readAsset(file: string, headers: Record<string, string>): Asset {
  const body = readFileSync(file);
  const sibling = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : null);
  const br = sibling(".br");
  const gz = sibling(".gz");
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const own = withSecurityHeaders({
    "content-type": contentTypeOf(file),
    etag,
    ...(br || gz ? { vary: "accept-encoding" } : {}),
    ...headers,
  });
  const answer = (encoded: Buffer, encoding: string | null): Answer => ({
    headers: Object.entries({
      ...own,
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": String(encoded.length),
    }).flat(),
    body: encoded,
  });
  return {
    file,
    body,
    br,
    gz,
    headers: own,
    answers: {
      br: br && answer(br, "br"),
      gzip: gz && answer(gz, "gzip"),
      identity: answer(body, null),
      notModified: { headers: Object.entries(own).flat(), body: Buffer.alloc(0) },
    },
  };
}

/** Loads build/client and build/site-manifest.json, refusing a build made from another site configuration. */
export function loadSiteBuild(clientDir: string, site: SiteConfig): SiteBuild {
  const manifestPath = path.join(clientDir, "..", "site-manifest.json");
  if (!existsSync(manifestPath)) throw new SiteBuildError(`No built site at ${clientDir}: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as SiteManifest;
  if (manifest.siteConfigHash !== siteConfigHash(site)) {
    throw new SiteBuildError("The site was built with a different site configuration: run `npm run build` again.");
  }
  const page = ({ file, scriptHashes }: BuiltPage, extra: Record<string, string> = {}) =>
    readAsset(path.join(clientDir, file), {
      "cache-control": "no-cache",
      "content-security-policy": pageContentSecurityPolicy(site, scriptHashes),
      ...extra,
    });

  const files = new Map<string, Asset>();
  for (const file of listFiles(clientDir)) {
    if (/\.(br|gz|html)$/.test(file)) continue;
    const urlPath = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    const cacheControl = urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
    // The logo and the Open Graph image are for other sites too: social previews and wallets embed them.
    const embeddable: Record<string, string> = urlPath.startsWith("/brand/") ? { "cross-origin-resource-policy": "cross-origin" } : {};
    files.set(urlPath, readAsset(file, { "cache-control": cacheControl, ...embeddable }));
  }
  return {
    pages: new Map(Object.entries(manifest.pages).map(([pagePath, built]) => [pagePath, page(built)])),
    files,
    notFound: page(manifest.notFound),
    consoleShell: page(manifest.consoleShell, { "x-robots-tag": "noindex, nofollow" }),
  };
}

/** The compressed copy the client accepts, honouring q-values (`br;q=0` refuses brotli); brotli first on a tie. */
function preferredEncoding(request: FastifyRequest, asset: Asset): "br" | "gzip" | null {
  const accepted = request.headers["accept-encoding"];
  if (typeof accepted !== "string" || (!asset.br && !asset.gz)) return null;
  const offered = asset.br && asset.gz ? BOTH_ENCODINGS : asset.br ? ["br"] : ["gzip"];
  const key = `${offered.length === 2 ? "both" : offered[0]} ${accepted}`;
  let choice = negotiated.get(key);
  if (choice === undefined) {
    choice = negotiate(accepted, offered) as "br" | "gzip" | null;
    if (negotiated.size < NEGOTIATED_KEPT) negotiated.set(key, choice);
  }
  return choice;
}

/**
 * Writes the prebuilt answer straight to the socket: the onSend hooks that set
 * headers on other answers are skipped, since this one already carries them;
 * onResponse still runs, so the request line and the metrics stay.
 */
export function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset, status = 200): FastifyReply {
  const notModified = status === 200 && request.headers["if-none-match"] === asset.headers.etag;
  const encoding = preferredEncoding(request, asset) ?? "identity";
  const answer = notModified ? asset.answers.notModified : (asset.answers[encoding] ?? asset.answers.identity);
  reply.hijack();
  reply.raw.writeHead(notModified ? 304 : status, answer.headers);
  reply.raw.end(request.method === "HEAD" ? undefined : answer.body);
  return reply;
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The static fast path: an early onRequest hook answers a prerendered page or
 * file before the cookie parsing, API guards and the rest of the chain run.
 * Registered right after the graceful-shutdown hook, so a draining server
 * still answers 503.
 */
export const siteFastPath = fp<{ build: SiteBuild }>(async (app: FastifyInstance, { build }) => {
  app.addHook("onRequest", (request, reply, done) => {
    if (request.method !== "GET" && request.method !== "HEAD") return done();
    const pathname = pathOf(request.url);
    const asset = build.pages.get(pathname) ?? build.files.get(pathname);
    if (!asset) return done();
    sendAsset(request, reply, asset);
  });
});

/** Serves the pages the build prerendered and their assets; every other path is the 404 page with status 404. */
export const sitePlugin = fp<{ build: SiteBuild }>(async (app: FastifyInstance, { build }) => {
  app.get("/*", { schema: { hide: true } }, (request, reply) => {
    const pathname = pathOf(request.url);
    if (pathname.startsWith("/api/")) return reply.callNotFound();
    const page = build.pages.get(pathname) ?? build.files.get(pathname);
    if (page) return sendAsset(request, reply, page);
    if (pathname === "/admin" || pathname.startsWith("/admin/")) return sendAsset(request, reply, build.consoleShell);
    if (pathname.length > 1 && pathname.endsWith("/") && build.pages.has(pathname.slice(0, -1))) {
      return reply.redirect(request.url.replace(pathname, pathname.slice(0, -1)), 301);
    }
    return sendAsset(request, reply, build.notFound, 404);
  });
});
