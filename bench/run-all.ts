/**
 * `npm run bench`: every benchmark in turn on this machine (the build must be
 * current), then bench/results.md from bench/results.json.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatTable, type Section } from "./lib/report.ts";

const started = Date.now();
rmSync(path.resolve("bench/results.json"), { force: true });
for (const bench of ["page-weight", "static-pages", "api", "login-flood", "lighthouse"]) {
  console.log(`\n=== bench/${bench}.ts ===`);
  execFileSync(process.execPath, ["--import", "tsx", `bench/${bench}.ts`], { stdio: "inherit" });
}

const results = JSON.parse(readFileSync(path.resolve("bench/results.json"), "utf8")) as Record<string, unknown> & {
  machine: { cpus: number; cpu: string; memoryGiB: number; node: string };
};
const sections = Object.entries(results).filter(([key]) => key !== "machine") as Array<[string, Section & { measuredAt: string }]>;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const markdown = [
  "# Benchmark results",
  "",
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${minutes} min): ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}. Every ratio compares two things measured side by side in the same run, on loopback.`,
  "",
  ...sections.flatMap(([, section]) => [
    `## ${section.title}`,
    "",
    ...(section.goal ? [`Goal: ${section.goal}.`, ""] : []),
    formatTable(section),
    "",
    ...(section.notes ?? []).map((note) => `- ${note}`),
    "",
  ]),
].join("\n");
writeFileSync(path.resolve("bench/results.md"), markdown);
console.log(`\nWrote bench/results.md and bench/results.json in ${minutes} min.`);
