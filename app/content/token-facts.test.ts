import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_TOKEN_ADDRESS } from "../../config/site.ts";
import { projectRoot } from "../../server/project-root.ts";

const contentDir = path.join(projectRoot, "content");
const files = readdirSync(contentDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(projectRoot, path.join(entry.parentPath, entry.name)));

const address = PLACEHOLDER_TOKEN_ADDRESS.toLowerCase();
/** The demo address written out, or shortened to its start and end as wallets show it (`0x4b3e…7D6E`, `0x4b3e...7d6e`). */
const demoAddress = new RegExp(`${address}|${address.slice(0, 6)}(…|\\.\\.\\.)${address.slice(-4)}`, "i");

describe("content", () => {
  it("never names the demo token's address: another token's site would show it", () => {
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter((file) => demoAddress.test(readFileSync(path.join(projectRoot, file), "utf8")))).toEqual([]);
  });
});
