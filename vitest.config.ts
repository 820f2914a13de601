import os from "node:os";
import { defineConfig } from "vitest/config";
import { loadSiteConfig } from "./config/site.ts";
import { siteConfigPlugin } from "./scripts/build/site-config-plugin.ts";
import BuildTestsFirst from "./tests/setup/build-tests-first.ts";

// Its own file, so Vitest neither loads the React Router plugin nor picks up Playwright specs.
export default defineConfig({
  plugins: [siteConfigPlugin(loadSiteConfig())],
  test: {
    include: ["{app,common,config,server,scripts,tests/api,tests/build}/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/setup/database-template.ts", "tests/setup/sources-untouched.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    pool: "forks",
    // Vitest's default leaves a core for itself, so a 2-core machine ran one file at a time: 636 s against 464 s with two.
    maxWorkers: os.availableParallelism(),
    // Each worker imports the server's modules once, not once a file: on PostgreSQL the suite took 260 s against 343 s (decision 042).
    // Every file builds its own app, database and clock; what modules keep is caches of files that do not change.
    isolate: false,
    sequence: { sequencer: BuildTestsFirst },
    // Hang detectors, not speed checks: CI runs on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
