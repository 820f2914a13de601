/**
 * Prerendered pages and a hashed asset served by the product, by a bare
 * Fastify instance sending the same bytes and headers (the Node floor), by
 * nginx serving the same gzip files, and by the product's own nginx
 * configuration (deploy/nginx/kestrel.conf with the locations the build
 * writes, over plain HTTP like the bare nginx), in interleaved rounds on loopback.
 * Prints requests per second, CPU per request and the median ratios of the
 * product to each floor. Goals: ≥ 0.85× the Fastify floor's req/s, ≤ 1.2× its
 * CPU per request; the product's nginx ≥ 0.9× bare nginx's req/s.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { freePort, startServer } from "../tests/support/server-process.ts";
import { writeShippedNginx } from "../tests/support/shipped-nginx.ts";
import { ensureDebianPackages } from "../tests/support/system-packages.ts";
import { cpuDuring } from "./lib/cpu.ts";
import { recordSection, round } from "./lib/report.ts";
import { median, wrk } from "./lib/wrk.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARM_UP_SECONDS = 2;

ensureDebianPackages({ wrk: "wrk", nginx: "nginx-light" });
const clientDir = path.resolve("build/client");
/** The home page's first script: a hashed asset every first visit loads. */
const hashedAsset = /<(?:link rel="modulepreload" href|script type="module" src)="(\/assets\/[^"]+\.js)"/.exec(
  readFileSync(path.join(clientDir, "index.html"), "utf8"),
)?.[1];
if (!hashedAsset) throw new Error("The home page names no hashed script: run `npm run build` first.");
const PATHS = ["/", "/android-buy-kestrel", hashedAsset];

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-static-"));
const nginxPort = await freePort();
for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, temp));
const conf = path.join(dir, "nginx.conf");
writeFileSync(
  conf,
  `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${clientDir};
    gzip off;
    gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
);
execFileSync("nginx", ["-p", dir, "-c", conf]);
/** An nginx master (from the pid file in its directory) and its workers. */
const nginxPids = (nginxDir: string) => () => {
  const master = Number(readFileSync(path.join(nginxDir, "nginx.pid"), "utf8").trim());
  const workers = execFileSync("pgrep", ["-P", String(master)], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map(Number);
  return [master, ...workers];
};

const product = await startServer({ PGLITE_DIR: path.join(dir, "pglite"), LOG_LEVEL: "warn" });
const shippedDir = mkdtempSync(path.join(os.tmpdir(), "bench-shipped-nginx-"));
const shippedPort = await freePort();
const shippedConf = writeShippedNginx(
  shippedDir,
  { appPort: product.port, sitePort: shippedPort, redirectPort: await freePort() },
  { tls: false, accessLog: false },
);
execFileSync("nginx", ["-p", shippedDir, "-c", shippedConf]);
const floorPort = await freePort();
const floor = spawn(process.execPath, ["--import", "tsx", "bench/lib/fastify-floor.ts", String(floorPort), product.url, ...PATHS], {
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve, reject) => {
  floor.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
  floor.once("exit", (code) => reject(new Error(`the Fastify floor exited with ${code}`)));
});

type Contestant = { name: "product" | "floor" | "nginx" | "productNginx"; base: string; pids: () => number[] };
const contestants: Contestant[] = [
  { name: "product", base: product.url, pids: () => [product.child.pid as number] },
  { name: "floor", base: `http://127.0.0.1:${floorPort}`, pids: () => [floor.pid as number] },
  { name: "nginx", base: `http://127.0.0.1:${nginxPort}`, pids: nginxPids(dir) },
  { name: "productNginx", base: `http://127.0.0.1:${shippedPort}`, pids: nginxPids(shippedDir) },
];
const raw = (url: string) => execFileSync("curl", ["-s", "-H", "Accept-Encoding: gzip", url]);

try {
  const rows: Array<Array<string | number>> = [];
  // Every contestant answers every path for a while before the first round, so no round measures a process just
  // started: a JIT compiling the path's code, or a young heap's first collections.
  for (const page of PATHS) {
    for (const contestant of contestants)
      wrk({ url: `${contestant.base}${page}`, seconds: WARM_UP_SECONDS, headers: { "Accept-Encoding": "gzip" } });
  }
  for (const page of PATHS) {
    const bodies = contestants.map((contestant) => gunzipSync(raw(`${contestant.base}${page}`)));
    if (!bodies.every((body) => body.equals(bodies[0] as Buffer))) throw new Error(`${page}: the contestants do not serve the same bytes`);
  }
  type Run = { rps: number; cpu: number };
  const runs = new Map(
    PATHS.map((page) => [page, { product: [] as Run[], floor: [] as Run[], nginx: [] as Run[], productNginx: [] as Run[] }]),
  );
  for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
    // Every round visits every path, each round starting with another path and another contestant, so neither a
    // neighbour's burst nor the machine's drift over a run's minutes always hits the same one. Measured one path after
    // the other, a path scored about 0.15 lower against the floor when it came first than when it came last.
    const pages = [...PATHS.slice(roundIndex % PATHS.length), ...PATHS.slice(0, roundIndex % PATHS.length)];
    for (const page of pages) {
      const order = [...contestants.slice(roundIndex % contestants.length), ...contestants.slice(0, roundIndex % contestants.length)];
      for (const contestant of order) {
        const { result: run, cpuSeconds } = cpuDuring(contestant.pids, () =>
          wrk({ url: `${contestant.base}${page}`, seconds: SECONDS, headers: { "Accept-Encoding": "gzip" } }),
        );
        if (run.errors > 0) throw new Error(`${contestant.name} ${page}: ${run.errors} answers were not 2xx`);
        runs.get(page)?.[contestant.name].push({ rps: run.rps, cpu: cpuSeconds / run.requests });
      }
    }
  }
  for (const page of PATHS) {
    const measured = runs.get(page) as { product: Run[]; floor: Run[]; nginx: Run[]; productNginx: Run[] };
    const ratio = (of: "floor" | "nginx", field: "rps" | "cpu", who: "product" | "productNginx" = "product") =>
      round(median(measured[who].map((run, index) => run[field] / (measured[of][index] as Run)[field])));
    const med = (name: keyof typeof measured, field: "rps" | "cpu") => median(measured[name].map((run) => run[field]));
    rows.push([
      page.startsWith("/assets/") ? "a hashed script" : page,
      round(med("product", "rps"), 0),
      round(med("floor", "rps"), 0),
      round(med("nginx", "rps"), 0),
      round(med("product", "cpu") * 1e6, 1),
      round(med("floor", "cpu") * 1e6, 1),
      round(med("nginx", "cpu") * 1e6, 1),
      ratio("floor", "rps"),
      ratio("floor", "cpu"),
      ratio("nginx", "rps"),
      ratio("nginx", "cpu"),
      round(med("productNginx", "rps"), 0),
      ratio("nginx", "rps", "productNginx"),
      ratio("nginx", "cpu", "productNginx"),
    ]);
  }
  recordSection("staticPages", {
    title: `Static pages: the product vs a bare Fastify floor and nginx, and the product's own nginx configuration vs nginx, same gzip bytes, ${ROUNDS} rounds of ${SECONDS} s, each round over every path and contestant, 50 connections`,
    goal: "product ≥ 0.85× the Fastify floor's req/s and ≤ 1.2× its CPU per request; the product's nginx configuration ≥ 0.9× bare nginx's req/s (medians of the per-round ratios)",
    columns: [
      "path",
      "product req/s",
      "Fastify floor req/s",
      "nginx req/s",
      "product CPU µs/req",
      "floor CPU µs/req",
      "nginx CPU µs/req",
      "req/s ÷ floor",
      "CPU/req ÷ floor",
      "req/s ÷ nginx",
      "CPU/req ÷ nginx",
      "product's nginx req/s",
      "product's nginx req/s ÷ nginx",
      "product's nginx CPU/req ÷ nginx",
    ],
    rows,
    notes: [
      "Fastify floor: one bare Fastify 5 process, no logger, no hooks, one route per path sending the bytes and headers the product sent (security headers included).",
      "nginx: 1 worker, gzip_static, access log off; product: one Node process, log level warn, request metrics on.",
      "product's nginx: deploy/nginx/kestrel.conf with the build's generated locations (every header the product sends, the copy chosen by a map of Accept-Encoding), 1 worker, access log off, plain HTTP on loopback like the bare nginx.",
      `wrk (1 thread) shares the 2 cores with the server it loads; req/s columns are medians over the rounds, after a ${WARM_UP_SECONDS} s warm-up of each contestant on every path before the first round.`,
    ],
  });
} finally {
  floor.kill();
  await product.stop();
  spawnSync("nginx", ["-p", dir, "-c", conf, "-s", "quit"]);
  spawnSync("nginx", ["-p", shippedDir, "-c", shippedConf, "-s", "quit"]);
}
