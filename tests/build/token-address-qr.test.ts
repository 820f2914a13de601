import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { TOKEN_ADDRESS_QR_PATH } from "../../common/links.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { brandAssets } from "../../scripts/build/brand-assets.ts";
import { projectRoot } from "../../server/project-root.ts";

describe("the token dialog's QR code", () => {
  it("reads back as the configured token address, and nothing else", () => {
    const site = loadSiteConfig();
    const svg = brandAssets(site, readFileSync(path.join(projectRoot, "public", site.token.logo), "utf8")).get(TOKEN_ADDRESS_QR_PATH);
    expect(typeof svg).toBe("string");
    const png = path.join(mkdtempSync(path.join(os.tmpdir(), "token-qr-")), "qr.png");
    writeFileSync(png, new Resvg(svg as string, { fitTo: { mode: "width", value: 600 } }).render().asPng());
    const scan = spawnSync("zbarimg", ["--quiet", "--raw", png], { encoding: "utf8" });
    expect(scan.status).toBe(0);
    expect(scan.stdout.trim()).toBe(site.token.address);
  });
});
