import { vi } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { runAdmin, UsageError } from "../../scripts/admin.ts";
import { parseServerEnv } from "../../server/env.ts";
import type { TestDatabase } from "./test-database.ts";

/**
 * The admin tool in this process, on a test database that outlives each
 * command: its printed lines and exit status, or its usage error (status 2).
 */
export function adminInProcess(database: () => TestDatabase, env: Record<string, string> = {}) {
  const site = loadSiteConfig();
  return async (...args: string[]) => {
    const lines: string[] = [];
    const print = vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => {
      lines.push(parts.join(" "));
    });
    try {
      const status = await runAdmin(args, async () => ({
        // The command closes its database when done; this one lives for the whole file.
        database: { ...database(), close: async () => {} },
        env: parseServerEnv(env, site),
        site,
      }));
      return { status, stdout: lines.join("\n"), error: "" };
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      return { status: 2, stdout: lines.join("\n"), error: error.message };
    } finally {
      print.mockRestore();
    }
  };
}
