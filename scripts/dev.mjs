#!/usr/bin/env node
// `npm run dev`: the API server (restarted by tsx on every change) and Vite (hot reload) as one command, on the
// embedded database with demo data. Vite answers on PORT (3000) and proxies /api and /.well-known to the API
// server on PORT + 1. Plain JavaScript, like start.mjs, so it runs before anything is compiled.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const bin = (name) => path.join(root, "node_modules/.bin", name);
const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const shared = {
  ...process.env,
  NODE_ENV: "development",
  SITE_ORIGIN: process.env.SITE_ORIGIN ?? `http://localhost:${port}`,
  DEV_API_ORIGIN: `http://127.0.0.1:${apiPort}`,
};

const children = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "server/index.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...shared, PORT: String(apiPort), HOST: "127.0.0.1", SERVE_SITE: "0", DEMO_DATA: process.env.DEMO_DATA ?? "1" },
  }),
  spawn(bin("react-router"), ["dev", "--port", String(port), "--strictPort"], { cwd: root, stdio: "inherit", env: shared }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((done) => child.on("exit", done)) : null))).then(() =>
    process.exit(code),
  );
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));
// One half gone (a crash, a port in use) leaves nothing useful: stop the other and say so by the exit code.
for (const child of children) child.on("exit", (code) => stop(code ?? 1));
