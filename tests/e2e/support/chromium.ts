import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { ensureDebianPackages } from "../../support/system-packages.ts";

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
  ensureDebianPackages({ chromium: "chromium" });
  return DEBIAN_CHROMIUM;
}
