#!/usr/bin/env node
// `npm start`: build when the build is missing, older than the sources, or made from another site configuration
// (SITE_ORIGIN, TOKEN_*, SITE_CONFIG_FILE...), then serve.
// Plain JavaScript so it runs before anything is compiled.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { newestSourceChange } from "./build-sources.mjs";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const stamp = path.join(root, "build/node/server/index.js");

/** Whether the build was made from the configuration this environment gives, asked of the built code itself. */
async function builtForThisConfiguration() {
  const manifestPath = path.join(root, "build/site-manifest.json");
  if (!existsSync(manifestPath)) return false;
  const { loadSiteConfig } = await import(path.join(root, "build/node/config/site.js"));
  const { siteConfigHash } = await import(path.join(root, "build/node/common/site-manifest.js"));
  return JSON.parse(readFileSync(manifestPath, "utf8")).siteConfigHash === siteConfigHash(loadSiteConfig());
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const newest = newestSourceChange(root);
const reason = !builtAt
  ? "No build yet"
  : newest.mtimeMs > builtAt
    ? `${path.relative(root, newest.path)} changed since the last build`
    : !(await builtForThisConfiguration())
      ? "The site configuration changed since the last build"
      : null;
if (reason) {
  console.log(`${reason}: building...`);
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { ...process.env };
if (env.NODE_ENV !== "production" && env.DEMO_DATA === undefined) env.DEMO_DATA = "1";
const server = spawn(process.execPath, [stamp], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
