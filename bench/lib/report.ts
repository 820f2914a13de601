import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type Section = { title: string; goal?: string; columns: string[]; rows: Array<Array<string | number>>; notes?: string[] };

const RESULTS_JSON = path.resolve("bench/results.json");

/** Adds one benchmark's section to bench/results.json; bench/run-all.ts writes bench/results.md from it. */
export function recordSection(key: string, section: Section): void {
  mkdirSync(path.dirname(RESULTS_JSON), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(RESULTS_JSON, "utf8")) as Record<string, unknown>;
  } catch {
    all = {};
  }
  all.machine = {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
  all[key] = { ...section, measuredAt: new Date().toISOString() };
  writeFileSync(RESULTS_JSON, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\n${section.title}\n${formatTable(section)}`);
}

export function formatTable(section: Section): string {
  const header = `| ${section.columns.join(" | ")} |`;
  const rule = `|${section.columns.map(() => "---").join("|")}|`;
  const rows = section.rows.map((row) => `| ${row.join(" | ")} |`);
  return [header, rule, ...rows].join("\n");
}

export function round(value: number, digits = 2): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}
