/**
 * `npm run bench`: every benchmark in turn on this machine (the build must be
 * current), then bench/results.md from bench/results.json. With `--keep`,
 * the sections of benchmarks not run this time stay, each with its own date.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatTable, type Section } from "./lib/report.ts";

const started = Date.now();
/** The machine is shared: its load before and after says how far to trust the absolute figures (the ratios hold better). */
const loadBefore = os.loadavg()[0]?.toFixed(1);
const keep = process.argv.includes("--keep");
if (!keep) rmSync(path.resolve("bench/results.json"), { force: true });
const ALL = ["page-weight", "static-pages", "api", "login-flood", "lighthouse"];
/** `tsx bench/run-all.ts static-pages api` runs only those; bench/results.md then says which were left out. */
const named = process.argv.slice(2).filter((arg) => arg !== "--keep");
const chosen = named.length > 0 ? named : ALL;
for (const bench of chosen) {
  console.log(`\n=== bench/${bench}.ts ===`);
  execFileSync(process.execPath, ["--import", "tsx", `bench/${bench}.ts`], { stdio: "inherit" });
}

const results = JSON.parse(readFileSync(path.resolve("bench/results.json"), "utf8")) as Record<string, unknown> & {
  machine: { cpus: number; cpu: string; memoryGiB: number; node: string };
};
const sections = Object.entries(results).filter(([key]) => key !== "machine") as Array<[string, Section & { measuredAt: string }]>;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const invocation = named.length === 0 ? "`npm run bench`" : `\`tsx bench/run-all.ts ${process.argv.slice(2).join(" ")}\``;
const markdown = [
  "# Benchmark results",
  "",
  `${keep ? "This run: measured" : "Measured"} by ${invocation} on ${new Date().toISOString().slice(0, 10)} (${minutes} min): ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}. Every ratio compares two things measured side by side in the same run, on loopback. Load average (1 min) ${loadBefore} before, ${os.loadavg()[0]?.toFixed(1)} after.`,
  ...(chosen.length < ALL.length
    ? [
        "",
        `Not run this time: ${ALL.filter((bench) => !chosen.includes(bench)).join(", ")}${keep ? " (their sections below, if any, are from earlier runs, each dated)" : ""}.`,
      ]
    : []),
  "",
  ...sections.flatMap(([, section]) => [
    `## ${section.title}`,
    "",
    ...(Date.parse(section.measuredAt) < started
      ? [`Measured in an earlier run, on ${section.measuredAt.slice(0, 16).replace("T", " at ")} UTC.`, ""]
      : []),
    ...(section.goal ? [`Goal: ${section.goal}.`, ""] : []),
    formatTable(section),
    "",
    ...(section.notes ?? []).map((note) => `- ${note}`),
    "",
  ]),
].join("\n");
writeFileSync(path.resolve("bench/results.md"), markdown);
console.log(`\nWrote bench/results.md and bench/results.json in ${minutes} min.`);
