import { serve } from "../../server/serve.ts";
import { e2eHooks } from "./hooks/e2e-hooks.ts";
import { payoutHooks } from "./hooks/payout-hooks.ts";

/**
 * The server with the test-only routes (/__e2e__/*) for Playwright, the process tests and the benchmarks.
 * Run from source: `node --import tsx tests/support/hooked-server.ts`, after `npm run build` for the pages.
 * Nothing under server/ knows these routes, so the product cannot ship them.
 */
if (process.env.NODE_ENV === "production") {
  console.error("The hooked server is for tests only: it refuses NODE_ENV=production.");
  process.exit(1);
}

serve(async (app, { db, clock, site }) => {
  await app.register(e2eHooks, { db, clock, site });
  await app.register(payoutHooks, { db, clock, site });
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
