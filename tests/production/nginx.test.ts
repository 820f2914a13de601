import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { freePort, type ServerProcess, startServer } from "../support/server-process.ts";

const APP = loadSiteConfig().token.slug;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

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
  const mainConf = path.join(dir, "nginx.conf");
  let app: ServerProcess;
  let httpsPort = 0;
  let httpPort = 0;

  beforeAll(async () => {
    app = await startServer({ PGLITE_DIR: path.join(dir, "pglite"), TRUST_PROXY: "127.0.0.1" });
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=kestrel.example",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      {
        stdio: "ignore",
      },
    );
    // Only what differs on a test machine changes: certificate paths, ports, and the one upstream instance.
    const site = readFileSync("deploy/nginx/kestrel.conf", "utf8")
      .replace("/etc/letsencrypt/live/kestrel.example/fullchain.pem", path.join(dir, "cert.pem"))
      .replace("/etc/letsencrypt/live/kestrel.example/privkey.pem", path.join(dir, "key.pem"))
      .replace(/ {4}server 127\.0\.0\.1:3000[^\n]*\n {4}server 127\.0\.0\.1:3001[^\n]*\n/, `    server 127.0.0.1:${app.port};\n`)
      .replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`)
      .replace("listen [::]:443 ssl http2;", "")
      .replace("listen 80;", `listen 127.0.0.1:${httpPort};`)
      .replace("listen [::]:80;", "");
    writeFileSync(path.join(dir, "kestrel.conf"), site);
    for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, temp));
    writeFileSync(
      mainConf,
      `pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/kestrel.conf;
}
`,
    );
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
