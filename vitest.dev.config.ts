import { defineConfig } from "vitest/config";

/** `npm run dev` started as a developer would, on a fresh database (npm run test:dev; .ci/run). */
export default defineConfig({
  test: {
    include: ["tests/dev/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
