import { describe, expect, it } from "vitest";
import { guideCatalog } from "../../app/content/guide-catalog.ts";
import { parseGuide } from "../../app/content/guide-document.ts";
import { derivePalette } from "../../config/palette.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { accentOf, drawnSize, drawScreen, drawScreenChecked } from "./draw-screen.ts";

const site = loadSiteConfig();
const accent = accentOf(derivePalette(site.site.colors));

describe("guide illustrations", () => {
  it("refuses a drawing that would cut text off", () => {
    const spec = {
      frame: "phone" as const,
      title: "Swap",
      alt: "A swap screen whose button label is far too long to fit.",
      items: [{ kind: "button" as const, text: "A button label that is much too long to fit on one phone-sized button" }],
    };
    expect(drawScreenChecked(spec, accent).problems).toHaveLength(1);
    expect(() => drawScreen(spec, accent)).toThrow(/does not fit/);
  });

  it("fits a screen's height to its items, so a short screen is no tall empty outline", () => {
    const row = { kind: "row" as const, text: "Account 1", detail: "0x12ab…89cd" };
    const short = { frame: "phone" as const, title: "Home", alt: "A phone screen with one row on it.", items: [row] };
    const long = { ...short, alt: "A phone screen with eight rows on it.", items: Array.from({ length: 8 }, () => row) };
    expect(drawnSize(short)).toEqual({ width: 360, height: 400 });
    expect(drawnSize(long)).toEqual({ width: 360, height: 640 });
    expect(drawScreen(short, accent)).toContain('width="360" height="400" viewBox="0 0 360 400"');
    const popUp = { frame: "extension" as const, title: "MetaMask", alt: "The pop-up with three rows on it.", items: [row, row, row] };
    expect(drawnSize(popUp).height).toBeLessThan(520);
    expect(drawnSize(popUp).height).toBeGreaterThanOrEqual(340);
  });

  it("refuses items that run past the bottom of the frame", () => {
    const spec = {
      frame: "phone" as const,
      title: "Words",
      alt: "Far more recovery-phrase slots than a phone screen holds.",
      items: Array.from({ length: 8 }, () => ({ kind: "words" as const, count: 6 })),
    };
    expect(drawScreenChecked(spec, accent).problems.join()).toMatch(/past the bottom/);
  });

  it("draws every step of every guide with all of its text whole", () => {
    const problems: string[] = [];
    let drawn = 0;
    for (const entry of guideCatalog(site)) {
      for (const [index, step] of parseGuide(entry, site).steps.entries()) {
        if (!step.screen) continue;
        drawn++;
        for (const problem of drawScreenChecked(step.screen, accent).problems) problems.push(`${entry.path} step ${index + 1}: ${problem}`);
      }
    }
    expect(drawn).toBeGreaterThan(90);
    expect(problems).toEqual([]);
  });

  it("marks what to tap, and draws the token's coin, in the site's brand colour", () => {
    const blue = accentOf(derivePalette({ ...site.site.colors, brand: "#1d4ed8" }));
    const screens = guideCatalog(site)
      .flatMap((entry) => parseGuide(entry, site).steps.map((step) => step.screen))
      .filter((screen) => screen?.items.some((item) => item.highlight || item.kind === "pool"));
    expect(screens.length).toBeGreaterThan(20);
    for (const screen of screens) {
      const svg = drawScreen(screen as NonNullable<typeof screen>, blue);
      expect(svg).toContain(blue.mark);
      expect(svg).not.toContain(accent.mark);
    }
    expect(accent.mark).toBe("#d2622f");
  });

  it("shows the requesting site's origin on every site request in the pop-up", () => {
    const liquidity = guideCatalog(site).find((entry) => entry.path === "/browser-add-liquidity");
    const requests = parseGuide(liquidity as NonNullable<typeof liquidity>, site)
      .steps.map((step) => step.screen)
      .filter((screen) => screen?.frame === "request");
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const screen of requests) {
      expect(screen?.frame === "request" && screen.origin).toBe(site.dex.appUrl);
      expect(drawScreen(screen as NonNullable<typeof screen>, accent)).toContain(site.dex.appUrl);
    }
  });
});

describe("guide metadata", () => {
  it("gives every guide the date it was checked against MetaMask", () => {
    for (const entry of guideCatalog(site)) expect(entry.checked, entry.path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
