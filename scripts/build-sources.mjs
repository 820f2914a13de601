// What a build is made from: `npm start` builds again when any of it changed since the last build.
// Plain JavaScript, as start.mjs is, so it runs before anything is compiled.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILD_SOURCES = [
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

function newestUnder(target) {
  const stats = statSync(target);
  let newest = { path: target, mtimeMs: stats.mtimeMs };
  if (!stats.isDirectory()) return newest;
  for (const name of readdirSync(target)) {
    const inner = newestUnder(path.join(target, name));
    if (inner.mtimeMs > newest.mtimeMs) newest = inner;
  }
  return newest;
}

/** The most recently changed file or folder of the build's sources in the project at `root`. */
export function newestSourceChange(root) {
  let newest = { path: root, mtimeMs: 0 };
  for (const source of BUILD_SOURCES) {
    const target = path.join(root, source);
    if (!existsSync(target)) continue;
    const inner = newestUnder(target);
    if (inner.mtimeMs > newest.mtimeMs) newest = inner;
  }
  return newest;
}
