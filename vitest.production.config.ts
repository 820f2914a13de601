import { defineConfig } from "vitest/config";

/**
 * The production setup: built server processes against the PostgreSQL server
 * and Redis on this machine, and nginx in front. Run by .ci/run (npm run test:production).
 */
export default defineConfig({
  test: {
    include: ["tests/production/**/*.test.ts"],
    globalSetup: ["tests/setup/production-services.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
