import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/e2e/support/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 3101);
// Workers load this file too; only the main process starts the server, so each run gets one fresh database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "kestrel-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Budgets for a busy 2-core machine (CI runs where the work was done); nothing here measures speed.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    // Recording a trace of every test to keep the failing ones took a fifth of the run; CI's clone is thrown away
    // with its traces, so CI records none (the list reporter prints each failure). Rerun with --trace on for one.
    trace: process.env.CI ? "off" : "retain-on-failure",
  },
  webServer: {
    // The server with the test-only routes, from source; `npm run build` first for the pages.
    command: "node --import tsx tests/support/hooked-server.ts",
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PGLITE_DIR: path.join(dataDir, "pglite"),
      LOG_LEVEL: "warn",
      // Every test's browser shares one loopback network: only the review tests flag a member, through a hook.
      SHARED_NETWORK_ACCOUNTS: "10000",
    },
  },
});
