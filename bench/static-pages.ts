/**
 * The prerendered pages served by the product vs nginx serving the same files
 * with the same compression (gzip copies made at build time), in interleaved
 * rounds on loopback. Prints requests per second, CPU per request and the
 * median ratio product/nginx. Goal: ≥ 0.5.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { freePort, startServer } from "../tests/support/server-process.ts";
import { ensureDebianPackages } from "../tests/support/system-packages.ts";
import { cpuSeconds } from "./lib/cpu.ts";
import { recordSection, round } from "./lib/report.ts";
import { median, wrk } from "./lib/wrk.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const PAGES = ["/", "/android-buy-kestrel"];

ensureDebianPackages({ wrk: "wrk", nginx: "nginx-light" });
const clientDir = path.resolve("build/client");
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
/** The nginx master (from its pid file) and its workers. */
const nginxPids = () => {
  const master = Number(readFileSync(path.join(dir, "nginx.pid"), "utf8").trim());
  const workers = execFileSync("pgrep", ["-P", String(master)], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map(Number);
  return [master, ...workers];
};

const product = await startServer({ PGLITE_DIR: path.join(dir, "pglite"), LOG_LEVEL: "warn" });
const productPid = product.child.pid as number;

try {
  const rows: Array<Array<string | number>> = [];
  for (const page of PAGES) {
    const productUrl = `${product.url}${page}`;
    const nginxUrl = `http://127.0.0.1:${nginxPort}${page}`;
    const [ours, theirs] = await Promise.all([productUrl, nginxUrl].map((url) => fetch(url, { headers: { "accept-encoding": "gzip" } })));
    // fetch decompresses; compare the bytes both send for the same request.
    const raw = (url: string) => execFileSync("curl", ["-s", "-H", "Accept-Encoding: gzip", url]);
    if (!gunzipSync(raw(productUrl)).equals(gunzipSync(raw(nginxUrl))) || ours?.status !== 200 || theirs?.status !== 200) {
      throw new Error(`${page}: the product and nginx do not serve the same page`);
    }
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    let last = { product: 0, nginx: 0, productCpu: 0, nginxCpu: 0 };
    for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
      const productCpuBefore = cpuSeconds([productPid]);
      const ourRun = wrk({ url: productUrl, seconds: SECONDS, headers: { "Accept-Encoding": "gzip" } });
      const productCpu = (cpuSeconds([productPid]) - productCpuBefore) / ourRun.requests;
      const pids = nginxPids();
      const nginxCpuBefore = cpuSeconds(pids);
      const theirRun = wrk({ url: nginxUrl, seconds: SECONDS, headers: { "Accept-Encoding": "gzip" } });
      const nginxCpu = (cpuSeconds(pids) - nginxCpuBefore) / theirRun.requests;
      ratios.push(ourRun.rps / theirRun.rps);
      cpuRatios.push(productCpu / nginxCpu);
      last = { product: ourRun.rps, nginx: theirRun.rps, productCpu, nginxCpu };
    }
    rows.push([
      page,
      round(last.product, 0),
      round(last.nginx, 0),
      round(last.productCpu * 1e6, 1),
      round(last.nginxCpu * 1e6, 1),
      round(median(ratios)),
      round(median(cpuRatios)),
    ]);
  }
  recordSection("staticPages", {
    title: `Static pages: product vs nginx, same gzip bytes, ${ROUNDS} interleaved rounds of ${SECONDS} s, 50 connections`,
    goal: "median requests/second ratio ≥ 0.5",
    columns: [
      "page",
      "product req/s (last round)",
      "nginx req/s (last round)",
      "product CPU µs/req",
      "nginx CPU µs/req",
      "median req/s ratio",
      "median CPU/req ratio",
    ],
    rows,
    notes: ["nginx: 1 worker, gzip_static, access log off; product: one Node process, log level warn."],
  });
} finally {
  await product.stop();
  spawnSync("nginx", ["-p", dir, "-c", conf, "-s", "quit"]);
}
