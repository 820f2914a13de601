import { describe, expect, it } from "vitest";
import { derivePalette } from "../../config/palette.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { accentOf, drawScreenChecked } from "../../scripts/build/draw-screen.ts";
import { guideCatalog } from "./guide-catalog.ts";
import { parseGuide } from "./guide-document.ts";

const site = loadSiteConfig();
const accent = accentOf(derivePalette(site.site.colors));
const steps = guideCatalog(site).flatMap((entry) =>
  parseGuide(entry, site).steps.map((step, index) => ({ where: `${entry.path} step ${index + 1}: ${step.title}`, screen: step.screen })),
);

describe("every step of every guide page", () => {
  it("has an illustration: 100% of steps, each platform's page counted on its own", () => {
    expect(steps.length).toBeGreaterThan(180);
    expect(steps.filter((step) => step.screen === null).map((step) => step.where)).toEqual([]);
  });

  it("describes its illustration in alt text and cuts off no text in it", () => {
    const problems = steps.flatMap(({ where, screen }) => {
      if (!screen) return [];
      const found = drawScreenChecked(screen, accent).problems;
      if (screen.alt.trim().length < 20) found.push("alt text missing");
      return found.map((problem) => `${where}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });
});
