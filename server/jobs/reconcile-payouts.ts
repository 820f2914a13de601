import { type ReconcileDeps, reconcileTransfers } from "../services/payouts/reconcile.ts";
import type { Job } from "./runner.ts";

/** Payouts settle from the chain's Transfer logs; `npm run admin -- payouts reconcile` runs the same service by hand. */
export function reconcilePayoutsJob(deps: ReconcileDeps, everyMs: number): Job {
  return { name: "reconcile-payouts", everyMs, run: () => reconcileTransfers(deps) };
}
