#!/usr/bin/env node
// `npm start`: build when the build is missing or older than the sources, then serve.
// Plain JavaScript so it runs before anything is compiled.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const stamp = path.join(root, "build/node/server/index.js");
const sources = [
  "app",
  "common",
  "config",
  "content",
  "public",
  "server",
  "scripts",
  "drizzle",
  "package.json",
  "react-router.config.ts",
  "vite.config.ts",
];

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(target).map((name) => newestChange(path.join(target, name))));
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const stale = sources.some((source) => existsSync(path.join(root, source)) && newestChange(path.join(root, source)) > builtAt);
if (stale) {
  console.log(builtAt ? "Sources changed since the last build: building..." : "No build yet: building...");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { ...process.env };
if (env.NODE_ENV !== "production" && env.DEMO_DATA === undefined) env.DEMO_DATA = "1";
const server = spawn(process.execPath, [stamp], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
