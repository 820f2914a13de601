import { describe, expect, it } from "vitest";
import { contrastRatio, darkSchemeCss, derivePalette, type PaletteColor, paletteCss, paletteProblems, schemeProblems } from "./palette.ts";

const kestrel = { ink: "#0f1d33", brand: "#b24a1f", highlight: "#f2b84b", background: "#fbf8f4" };

/** The shades Kestrel's designer picked by hand, which the derivation's steps were measured from. */
const handPicked: Partial<Record<PaletteColor, string>> = {
  "ink-950": "#08111f",
  "ink-800": "#1a2c4a",
  "ink-700": "#2a4068",
  "ink-100": "#e3e9f3",
  "brand-700": "#9a3d16",
  "brand-500": "#d2622f",
  "brand-300": "#f0a47a",
  "brand-100": "#fbe6d9",
  "sand-100": "#f4eee6",
  "sand-200": "#e8dfd2",
};

const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

describe("the palette", () => {
  it("draws Kestrel's hand-picked shades back from its four colours, each channel within 1 of 255 (rounding)", () => {
    const palette = derivePalette(kestrel);
    for (const [name, hex] of Object.entries(handPicked)) {
      const drawn = channels(palette[name as PaletteColor]);
      const distances = channels(hex).map((channel, index) => Math.abs(channel - (drawn[index] ?? -99)));
      expect(Math.max(...distances), name).toBeLessThanOrEqual(1);
    }
    expect(paletteProblems(palette)).toEqual([]);
  });

  it("keeps every shade a valid sRGB colour, however saturated the brand", () => {
    for (const brand of ["#ff0000", "#00ff00", "#0000ff", "#000000", "#ffffff"]) {
      for (const hex of Object.values(derivePalette({ ...kestrel, brand }))) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("names each pairing a reader could not read, and passes a dark brand on white", () => {
    expect(paletteProblems(derivePalette({ ...kestrel, brand: "#2563eb", background: "#ffffff" }))).toEqual([]);
    const pale = paletteProblems(derivePalette({ ...kestrel, ink: "#8a8a8a" }));
    expect(pale).toContain("ink-900 on surface has a contrast of 3.45:1; it needs 4.5:1");
    expect(pale.every((problem) => /^[\w/-]+ on [\w-]+ has a contrast of \d+\.\d\d:1; it needs \d(\.5)?:1$/.test(problem))).toBe(true);
  });

  it("draws a dark scheme from the same four colours, every text pairing at WCAG AA", () => {
    const dark = derivePalette(kestrel, "dark");
    // The page's background becomes the text; the page and its cards are dark shades of the ink.
    expect(dark["ink-900"]).toBe(kestrel.background);
    expect(contrastRatio(dark["ink-900"], dark["sand-50"])).toBeGreaterThan(15);
    expect(contrastRatio(dark["sand-50"], "#000000")).toBeLessThan(contrastRatio(dark.surface, "#000000"));
    expect(paletteProblems(dark, "dark")).toEqual([]);
    for (const brand of ["#ff0000", "#00ff00", "#0000ff", "#000000", "#ffffff"]) {
      for (const hex of Object.values(derivePalette({ ...kestrel, brand }, "dark"))) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("holds the dark scheme to the same gate, naming the scheme in what it refuses", () => {
    const dark = derivePalette(kestrel, "dark");
    const grey = { ...dark, "sand-100": "#8a8a8a" };
    const ratio = contrastRatio(dark["ink-900"], "#8a8a8a").toFixed(2);
    expect(paletteProblems(grey, "dark")).toContain(`dark scheme: ink-900 on sand-100 has a contrast of ${ratio}:1; it needs 4.5:1`);
    // The same palette read as a light one is checked on every pairing, so it fails there too, without the prefix.
    expect(paletteProblems(grey).some((problem) => problem.startsWith("dark scheme"))).toBe(false);
    expect(schemeProblems(kestrel)).toEqual([]);
    expect(schemeProblems({ ...kestrel, ink: "#8a8a8a" })).toContain("ink-900 on surface has a contrast of 3.45:1; it needs 4.5:1");
  });

  it("leaves the dark surfaces' pairings to the light gate: they keep the light palette in both schemes", () => {
    // A highlight too pale for the dark scheme's text would be a problem, but gold only ever sits on the header's navy.
    const dark = derivePalette({ ...kestrel, highlight: "#fff3c4" }, "dark");
    expect(paletteProblems(dark, "dark")).toEqual([]);
    const css = darkSchemeCss(kestrel);
    expect(css).toContain(`:root[data-scheme="dark"] .bg-ink-900,`);
    expect(css).toContain(`--color-ink-900: ${kestrel.ink};`);
  });

  it("writes Tailwind's theme variables", () => {
    expect(paletteCss(derivePalette(kestrel))).toContain("--color-brand-600: #b24a1f;");
  });
});
