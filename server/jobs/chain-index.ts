import { type ChainIndexDeps, indexChain } from "../services/chain-index/indexer.ts";
import type { Job } from "./runner.ts";

/** The one reader of the pool's and the token's logs; `npm run admin -- chain index` runs the same service by hand. */
export function chainIndexJob(deps: ChainIndexDeps, everyMs: number): Job {
  return { name: "chain-index", everyMs, run: () => indexChain(deps) };
}
