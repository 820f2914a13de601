import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

function hasAptGet(): boolean {
  return existsSync("/usr/bin/apt-get");
}

/**
 * The browser Playwright drives: CHROMIUM_PATH, else Debian's chromium, else
 * Playwright's own if one is installed, else (as root with apt-get) Debian's
 * chromium installed now. Playwright never downloads a browser here.
 */
export function findChromium(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist`);
    return configured;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const bundled = chromium.executablePath();
  if (bundled && existsSync(bundled)) return bundled;
  if (process.getuid?.() === 0 && hasAptGet()) {
    console.log("No Chromium found: installing Debian's chromium (apt-get install -y chromium)...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error("No Chromium found for the browser tests. Install one with:\n  sudo apt-get install -y chromium\nor set CHROMIUM_PATH.");
}
