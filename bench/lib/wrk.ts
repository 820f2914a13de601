import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type LoadResult = { rps: number; p50Ms: number; p99Ms: number; requests: number; errors: number };

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) throw new Error(`unreadable latency "${value}"`);
  const amount = Number(match[1]);
  return { us: amount / 1000, ms: amount, s: amount * 1000, m: amount * 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
}

export type WrkOptions = {
  url: string;
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  cookies?: string[];
  /** With cookies: each request also says, in X-Forwarded-For, that it comes from a network of its own (10.x.y.0/24). */
  ownNetworks?: boolean;
};

/**
 * wrk (Debian's package) against one URL: requests per second and latency
 * percentiles. `cookies` are sent in turn, one per request (a Lua script), so
 * each claim can come from a different user.
 */
export function wrk(options: WrkOptions): LoadResult {
  return parseWrk(execFileSync("wrk", wrkArgs(options), { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }));
}

/** The same load without waiting for it, to measure something else beside it. */
export function wrkInBackground(options: WrkOptions): Promise<LoadResult> {
  return new Promise<LoadResult>((resolve, reject) =>
    execFile("wrk", wrkArgs(options), { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }, (error, output) =>
      error ? reject(error) : resolve(parseWrk(output)),
    ),
  );
}

function wrkArgs({ url, connections = 50, seconds = 4, headers = {}, cookies, ownNetworks = false }: WrkOptions): string[] {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (cookies) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "wrk-"));
    const script = path.join(dir, "cookies.lua");
    writeFileSync(
      script,
      `local cookies = {${cookies.map((cookie) => `"${cookie}"`).join(",")}}
local i = 0
request = function()
  i = i + 1
  local headers = { ["Cookie"] = cookies[((i - 1) % #cookies) + 1] }
  ${ownNetworks ? 'headers["X-Forwarded-For"] = "10." .. (math.floor(i / 256) % 256) .. "." .. (i % 256) .. ".1"' : ""}
  return wrk.format("GET", nil, headers)
end
`,
    );
    args.push("-s", script);
  }
  return [...args, url];
}

function parseWrk(output: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1]);
  const errors =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0) + Number(/Socket errors: connect (\d+)/.exec(output)?.[1] ?? 0);
  const p50 = /\s50%\s+(\S+)/.exec(output)?.[1];
  const p99 = /\s99%\s+(\S+)/.exec(output)?.[1];
  if (!Number.isFinite(rps) || !p50 || !p99) throw new Error(`unreadable wrk output:\n${output}`);
  return { rps, p50Ms: toMs(p50), p99Ms: toMs(p99), requests, errors };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
