import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { renderWhitepaper } from "../../scripts/build/whitepaper.ts";
import { useTestApp } from "../helpers/test-app.ts";

function pdfText(file: string): string {
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

/** The colour of the first page's top-left pixel, as #rrggbb: the title band. */
function titleBandColour(file: string): string {
  const ppm = execFileSync("pdftoppm", ["-r", "10", "-singlefile", "-f", "1", "-l", "1", file]);
  // A binary PPM: "P6", width, height and the maximum value, each ended by whitespace, then RGB bytes.
  const header = /^P6\s+\d+\s+\d+\s+255\s/.exec(ppm.subarray(0, 32).toString("latin1"));
  if (!header) throw new Error("pdftoppm did not write a binary PPM");
  return `#${ppm.subarray(header[0].length, header[0].length + 3).toString("hex")}`;
}

describe("the whitepaper PDF", () => {
  const t = useTestApp({ withSite: true });

  it("is served at /whitepaper.pdf, has its pages, and says the configured address and reward numbers", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/whitepaper.pdf" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    const dir = mkdtempSync(path.join(os.tmpdir(), "whitepaper-"));
    const file = path.join(dir, "whitepaper.pdf");
    writeFileSync(file, reply.rawPayload);

    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);
    expect(pages).toBeGreaterThanOrEqual(5);
    expect(pages).toBeLessThanOrEqual(15);

    const text = pdfText(file).replace(/\s+/g, " ");
    expect(text).toContain(t.site.token.address);
    expect(text).toContain(`${t.site.token.name} (${t.site.token.symbol}) Whitepaper`);
    expect(text).toMatch(/Daily reward\s+100 KSTL/);
    expect(text).toMatch(/10 KSTL/);
    expect(text).toContain("10,000 KSTL");
    expect(text).toMatch(/×2 or ×3/);
    expect(text).toContain(`page ${pages} of ${pages}`);

    execFileSync("pdftoppm", ["-png", "-r", "50", "-singlefile", "-f", "1", "-l", "1", file, path.join(dir, "first")]);
    const png = path.join(dir, "first.png");
    expect(statSync(png).size).toBeGreaterThan(5_000);
    expect(readFileSync(png).subarray(1, 4).toString()).toBe("PNG");
  });

  it("takes every number and name from the site configuration", async () => {
    const other = loadSiteConfig({
      TOKEN_NAME: "Osprey",
      TOKEN_SYMBOL: "OSP",
      TOKEN_SLUG: "osprey",
      TOKEN_ADDRESS: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      REWARD_DAILY_AMOUNT: "250",
      SITE_COLOR_INK: "#14213d",
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), "whitepaper-"));
    const file = path.join(dir, "osprey.pdf");
    writeFileSync(file, await renderWhitepaper(other, readFileSync("public/brand/logo.svg", "utf8")));
    const text = pdfText(file).replace(/\s+/g, " ");
    expect(text).toContain("Osprey (OSP) Whitepaper");
    expect(text).toContain("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    expect(text).toMatch(/Daily reward\s+250 OSP/);
    expect(text).not.toMatch(/kestrel|KSTL/i);
    expect(titleBandColour(file)).toBe("#14213d");
  });
});
