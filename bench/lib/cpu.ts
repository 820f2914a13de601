import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; null once it has exited. */
function processCpuSeconds(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Every process of the PostgreSQL server on this machine: its backends, and its writers and autovacuum, which a write load keeps busy too. */
export function postgresPids(): number[] {
  const found = execFileSync("pgrep", ["-x", "postgres"], { encoding: "utf8" }).trim();
  return found ? found.split("\n").map(Number) : [];
}

/**
 * The CPU seconds that the processes `pidsOf` names used while `run` ran:
 * those started meanwhile (a pool's new connection) with all they used, those
 * that exited meanwhile left out.
 */
export function cpuDuring<T>(pidsOf: () => number[], run: () => T): { result: T; cpuSeconds: number } {
  const before = new Map(pidsOf().map((pid) => [pid, processCpuSeconds(pid) ?? 0]));
  const result = run();
  let used = 0;
  for (const pid of pidsOf()) used += (processCpuSeconds(pid) ?? before.get(pid) ?? 0) - (before.get(pid) ?? 0);
  return { result, cpuSeconds: used };
}
