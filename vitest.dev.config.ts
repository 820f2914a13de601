import { defineConfig } from "vitest/config";

/** `npm run dev` started as a developer would, on a fresh database (npm run test:dev; .ci/run). */
export default defineConfig({
  test: {
    include: ["tests/dev/**/*.test.ts"],
    testTimeout: 180_000,
    // A hang detector, not a speed check: the start creates, migrates and seeds a new embedded database, and it did not
    // answer within 180 s once in CI with both cores busy (12 s on a quiet machine, 18 s beside two busy loops).
    hookTimeout: 600_000,
  },
});
