import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { request as plainRequest } from "node:http";
import { request } from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteManifest } from "../../common/site-manifest.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { listFiles } from "../../server/list-files.ts";
import { SECURITY_HEADERS } from "../../server/plugins/security-headers.ts";
import { freePort, type ServerProcess, startServer } from "../support/server-process.ts";
import { writeShippedNginx } from "../support/shipped-nginx.ts";

const APP = loadSiteConfig().token.slug;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** What a browser acts on; the ETag and Last-Modified differ (each server validates its own), the bytes may not. */
const COMPARED_HEADERS = [
  ...Object.keys(SECURITY_HEADERS),
  "content-type",
  "content-encoding",
  "content-length",
  "vary",
  "cache-control",
  "x-robots-tag",
  "location",
];

/** Plain HTTP straight to the app on loopback. */
function http(port: number, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = plainRequest({ host: "127.0.0.1", port, path: pathname, headers: { host: "kestrel.example", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** HTTPS to nginx on loopback, as a browser at kestrel.example would ask (self-signed certificate). */
function https(port: number, pathname: string, headers: Record<string, string> = {}, method = "GET", payload?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method,
        servername: "kestrel.example",
        rejectUnauthorized: false,
        headers: { host: "kestrel.example", ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

describe("the shipped nginx configuration", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kestrel-nginx-"));
  let mainConf = "";
  let app: ServerProcess;
  let httpsPort = 0;
  let httpPort = 0;

  beforeAll(async () => {
    app = await startServer({ PGLITE_DIR: path.join(dir, "pglite"), TRUST_PROXY: "127.0.0.1" });
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    mainConf = writeShippedNginx(dir, { appPort: app.port, sitePort: httpsPort, redirectPort: httpPort });
  });

  afterAll(async () => {
    spawnSync("nginx", ["-p", dir, "-c", mainConf, "-s", "quit"]);
    await app?.stop();
  });

  it("passes nginx -t", () => {
    const result = spawnSync("nginx", ["-t", "-p", dir, "-c", mainConf], { encoding: "utf8" });
    expect(result.stderr).toContain("test is successful");
    expect(result.status).toBe(0);
  });

  it("proxies the site over TLS: HSTS, the app's brotli passed through, long-lived assets, no public metrics", async () => {
    execFileSync("nginx", ["-p", dir, "-c", mainConf]);
    const home = await https(httpsPort, "/", { "accept-encoding": "br, gzip" });
    expect(home.status).toBe(200);
    expect(home.headers["content-encoding"]).toBe("br");
    // Exactly once: a second copy would be joined into one value here.
    expect(home.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(String(home.headers["content-security-policy"])).toContain("script-src 'self'");
    // A React page's policy allows React Router's inline scripts by hash (the home page, an article, has none).
    expect(String((await https(httpsPort, "/login")).headers["content-security-policy"])).toContain("script-src 'self' 'sha256-");

    const page = (await https(httpsPort, "/")).body.toString();
    const asset = /\/assets\/[\w.-]+\.js/.exec(page)?.[0] as string;
    // The app marks hashed assets immutable; nginx passes that through without adding a second Cache-Control.
    expect((await https(httpsPort, asset)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await https(httpsPort, "/no-such-page")).status).toBe(404);
    expect((await https(httpsPort, "/metrics")).status).toBe(404);

    const plain = await fetch(`http://127.0.0.1:${httpPort}/earn-tokens`, { redirect: "manual", headers: { host: "kestrel.example" } });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("https://kestrel.example/earn-tokens");
  });

  it("sends production's security headers over HTTPS on pages, the API and errors, and HSTS only over HTTPS", async () => {
    for (const pathname of ["/", "/login", `/api/request-csrftoken?app=${APP}&page=signin`, "/api/nothing-here", "/no-such-page"]) {
      const answer = await https(httpsPort, pathname);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        if (name === "content-security-policy" || name === "cross-origin-resource-policy")
          expect(answer.headers[name], `${pathname}: ${name}`).toBeTruthy();
        else expect(answer.headers[name], `${pathname}: ${name}`).toBe(value);
      }
    }
    // Plain HTTP only redirects: a Strict-Transport-Security header there would be ignored by browsers, and nginx sends none.
    for (const pathname of ["/", "/api/nothing-here"]) {
      const plain = await fetch(`http://127.0.0.1:${httpPort}${pathname}`, { redirect: "manual", headers: { host: "kestrel.example" } });
      expect(plain.status).toBe(301);
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("serves every page and built file from the build, with the app's bytes and headers in every encoding", async () => {
    const manifest = JSON.parse(readFileSync("build/site-manifest.json", "utf8")) as SiteManifest;
    const files = listFiles(path.resolve("build/client"))
      .filter((file) => !/\.(br|gz|html)$/.test(file))
      .map((file) => `/${path.relative(path.resolve("build/client"), file).split(path.sep).join("/")}`);
    const paths = [
      ...Object.keys(manifest.pages),
      ...files,
      "/no-such-page",
      "/how-to/",
      "/how-to/index.html",
      "/index.html.br",
      "/__not-found",
    ];
    expect(paths.length).toBeGreaterThan(300);
    let servedByNginx = 0;
    for (const pathname of paths) {
      for (const acceptEncoding of ["br, gzip", "gzip, deflate", "br;q=0, gzip", ""]) {
        const headers: Record<string, string> = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
        const [proxy, node] = await Promise.all([https(httpsPort, pathname, headers), http(app.port, pathname, headers)]);
        const what = `${pathname} (accept-encoding: ${acceptEncoding || "none"})`;
        expect(proxy.status, what).toBe(node.status);
        // A redirect's body is nginx's own short page, which no browser shows.
        const redirect = proxy.status === 301;
        if (!redirect) expect(proxy.body.equals(node.body), `${what}: the same bytes`).toBe(true);
        for (const name of COMPARED_HEADERS) {
          if (!redirect || !["content-type", "content-length", "content-encoding"].includes(name))
            expect(proxy.headers[name], `${what}: ${name}`).toBe(node.headers[name]);
        }
        // The app's ETag is a hash of the file; nginx's is its time and size: nginx answered, not the app through it.
        if (proxy.status === 200 && proxy.headers.etag !== node.headers.etag) servedByNginx++;
      }
    }
    expect(servedByNginx).toBe((Object.keys(manifest.pages).length + files.length) * 4);
  });

  it("leaves the API, the console's shell and the health checks to the app", async () => {
    const shell = await https(httpsPort, "/admin/payouts");
    expect(shell.status).toBe(200);
    expect(shell.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(shell.headers.etag).toBe((await http(app.port, "/admin/payouts")).headers.etag);
    expect((await https(httpsPort, "/healthz")).status).toBe(200);
    const price = await https(httpsPort, `/api/${APP}-price`);
    expect(price.headers["content-type"]).toContain("application/json");
  });

  it("gives the app the client's address from nginx, not the X-Forwarded-For the client sent", async () => {
    const before = app.output().length;
    await https(httpsPort, `/api/request-csrftoken?app=${APP}&page=signin`, { "x-forwarded-for": "203.0.113.9" });
    const requestLine = () =>
      app
        .output()
        .slice(before)
        .split("\n")
        .find((entry) => entry.includes('"route":"/api/request-csrftoken"'));
    await expect.poll(requestLine).toBeDefined();
    expect(JSON.parse(requestLine() as string).ip).toBe("127.0.0.1");
  });
});
