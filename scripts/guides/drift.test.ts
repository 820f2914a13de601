import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadLabels } from "../../app/content/guide-labels.ts";
import { mobileLocaleOf } from "../../tests/helpers/mobile-locale.ts";

/** Today's mobile en.json for the keys the guides rely on, doctored, in a file of the test's own. */
function mobileLocale(doctor: (locale: Record<string, Record<string, unknown>>) => void): string {
  const locale = mobileLocaleOf(loadLabels()) as Record<string, Record<string, unknown>>;
  doctor(locale);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "guides-drift-")), "en.json");
  writeFileSync(file, JSON.stringify(locale));
  return file;
}

function drift(...args: string[]) {
  return spawnSync("npx", ["tsx", "scripts/guides/drift-cli.ts", ...args], { encoding: "utf8" });
}

describe("npm run guides:drift", () => {
  it("prints each guide and step whose label changed or vanished, and exits 1", () => {
    const file = mobileLocale((locale) => {
      (locale.login as Record<string, unknown>).forgot_password = "Forgot your password?";
      delete (locale.bottom_nav as Record<string, unknown>).trade;
    });
    const run = drift("--mobile", file);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toContain('mobile login.forgot_password: "Forgot password?" changed to "Forgot your password?"');
    expect(run.stdout).toContain('/android-import-wallet step 5 "Only if you forgot your password: reset with the phrase"');
    expect(run.stdout).toContain('/ios-import-wallet step 5 "Only if you forgot your password: reset with the phrase"');
    expect(run.stdout).toContain('mobile bottom_nav.trade: "Trade" vanished');
    expect(run.stdout).toMatch(/\/android-buy-\w+ step 1 "Open Swap"/);
    expect(run.stdout).not.toContain("/browser-");
    expect(run.stdout.match(/^mobile /gm)).toHaveLength(2);
  });

  it("reads the extension's messages.json and says which labels it cannot compare", () => {
    const run = drift("--extension", "tests/fixtures/guides-drift/extension-messages.json");
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toContain('extension importAWallet: "Import a wallet" changed to "Import wallet"');
    expect(run.stdout).toContain('/browser-import-wallet step 1 "Start the import from the account menu"');
    expect(run.stdout).not.toContain("/android-");
    expect(run.stdout).toMatch(/\d+ extension labels have no locale key/);
  });

  it("finds nothing when the newer file says what the guides quote, and exits 0", () => {
    const run = drift(
      "--mobile",
      mobileLocale(() => {}),
    );
    expect(run.stdout).toContain("No quoted label changed or vanished.");
    expect(run.status).toBe(0);
  });

  it("explains its usage when no file is given", () => {
    const run = drift();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("usage: npm run guides:drift -- --mobile");
  });
});
