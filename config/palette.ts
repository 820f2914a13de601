/**
 * The site's colours from four configured ones. Each shade moves its base
 * colour's lightness, chroma and hue in OKLCH (hue in degrees) by the steps
 * Kestrel's hand-picked palette took, so another token's team sets four
 * colours and gets a whole palette; `paletteProblems` refuses one that would
 * make any text the site prints fail WCAG 2.2 AA. The dark scheme's palette is
 * drawn from the same four colours (`derivePalette(colors, "dark")`) and held
 * to the same gate.
 */

export type BrandColors = {
  /** Headings and body text, the header and footer (the 900 shade). */
  ink: string;
  /** Buttons and links (the 600 shade). */
  brand: string;
  /** Accents on the dark header and footer (the 400 shade). */
  highlight: string;
  /** The page behind everything (the 50 shade). */
  background: string;
};

type Shade = { name: string; lightness: { by: number } | { to: number }; chroma: number; hue?: number };

const FAMILIES: Array<{ base: keyof BrandColors; family: string; baseShade: string; shades: Shade[] }> = [
  {
    base: "ink",
    family: "ink",
    baseShade: "900",
    shades: [
      { name: "950", lightness: { by: -0.054 }, chroma: 0.68, hue: -0.4 },
      { name: "800", lightness: { by: 0.063 }, chroma: 1.28, hue: 1 },
      { name: "700", lightness: { by: 0.143 }, chroma: 1.57, hue: 2.5 },
      { name: "100", lightness: { to: 0.932 }, chroma: 0.32, hue: 1.6 },
    ],
  },
  {
    base: "brand",
    family: "brand",
    baseShade: "600",
    shades: [
      { name: "700", lightness: { by: -0.058 }, chroma: 0.92 },
      { name: "500", lightness: { by: 0.085 }, chroma: 1.06, hue: 2.2 },
      { name: "300", lightness: { by: 0.243 }, chroma: 0.73, hue: 8.8 },
      { name: "100", lightness: { to: 0.938 }, chroma: 0.2, hue: 13.2 },
    ],
  },
  { base: "highlight", family: "gold", baseShade: "400", shades: [] },
  {
    base: "background",
    family: "sand",
    baseShade: "50",
    shades: [
      { name: "100", lightness: { by: -0.028 }, chroma: 2 },
      { name: "200", lightness: { by: -0.073 }, chroma: 3.3, hue: 1.9 },
    ],
  },
];

/**
 * The colours that say what happened, the same for every token: text (700),
 * the tinted box it sits in (50) and a warning's edge (600).
 */
const STATUS_COLORS = {
  light: {
    "success-700": "#166534",
    "success-50": "#f0fdf4",
    "danger-700": "#b42318",
    "danger-50": "#fef2f2",
    "warning-600": "#d97706",
    "warning-50": "#fffbeb",
  },
  dark: {
    "success-700": "#6ee7a0",
    "success-50": "#0f2e1f",
    "danger-700": "#fca5a5",
    "danger-50": "#3b1519",
    "warning-600": "#f59e0b",
    "warning-50": "#33270d",
  },
} as const;

export type Scheme = "light" | "dark";

export type PaletteColor =
  | `ink-${950 | 900 | 800 | 700 | 100}`
  | `brand-${700 | 600 | 500 | 300 | 100}`
  | "gold-400"
  | `sand-${50 | 100 | 200}`
  /** Cards, fields and dialogs: white in the light scheme. */
  | "surface"
  | keyof (typeof STATUS_COLORS)["light"];
export type Palette = Record<PaletteColor, string>;

/**
 * The dark scheme turns the families' roles over: the ink family becomes the
 * text (its 900 is the configured background), the sand family and the
 * surface become the page and its cards (the ink's hue, dark), and the brand
 * family lightens for links and accents. Each shade sits at a fixed OKLCH
 * lightness, with its base colour's hue and a share of its chroma.
 */
const DARK_SHADES: Array<{ name: PaletteColor; base: keyof BrandColors; lightness?: number; chroma?: number }> = [
  { name: "ink-950", base: "background" },
  { name: "ink-900", base: "background" },
  { name: "ink-800", base: "ink", lightness: 0.88, chroma: 0.35 },
  { name: "ink-700", base: "ink", lightness: 0.8, chroma: 0.45 },
  { name: "ink-100", base: "ink", lightness: 0.32, chroma: 0.9 },
  { name: "brand-700", base: "brand", lightness: 0.8, chroma: 0.65 },
  { name: "brand-600", base: "brand", lightness: 0.74, chroma: 0.75 },
  { name: "brand-500", base: "brand", lightness: 0.68, chroma: 0.85 },
  { name: "brand-300", base: "brand", lightness: 0.56, chroma: 0.75 },
  { name: "brand-100", base: "brand", lightness: 0.28, chroma: 0.3 },
  { name: "gold-400", base: "highlight" },
  { name: "sand-50", base: "ink", lightness: 0.17, chroma: 0.6 },
  { name: "surface", base: "ink", lightness: 0.215, chroma: 0.7 },
  { name: "sand-100", base: "ink", lightness: 0.26, chroma: 0.7 },
  { name: "sand-200", base: "ink", lightness: 0.34, chroma: 0.6 },
];

export function derivePalette(colors: BrandColors, scheme: Scheme = "light"): Palette {
  if (scheme === "dark") return deriveDarkPalette(colors);
  const palette: Record<string, string> = { surface: "#ffffff" };
  for (const { base, family, baseShade, shades } of FAMILIES) {
    const hex = colors[base].toLowerCase();
    palette[`${family}-${baseShade}`] = hex;
    const [l, c, h] = hexToOklch(hex);
    for (const shade of shades) {
      const lightness = "to" in shade.lightness ? shade.lightness.to : l + shade.lightness.by;
      palette[`${family}-${shade.name}`] = oklchToHex(lightness, c * shade.chroma, h + ((shade.hue ?? 0) * Math.PI) / 180);
    }
  }
  return { ...palette, ...STATUS_COLORS.light } as Palette;
}

function deriveDarkPalette(colors: BrandColors): Palette {
  const palette: Record<string, string> = {};
  for (const { name, base, lightness, chroma } of DARK_SHADES) {
    const hex = colors[base].toLowerCase();
    if (lightness === undefined) {
      palette[name] = hex;
      continue;
    }
    const [, c, h] = hexToOklch(hex);
    palette[name] = oklchToHex(lightness, c * (chroma ?? 1), h);
  }
  return { ...palette, ...STATUS_COLORS.dark } as Palette;
}

/** Tailwind theme variables for app.css's `@theme`. */
export function paletteCss(palette: Palette): string {
  return Object.entries(palette)
    .map(([name, hex]) => `--color-${name}: ${hex};`)
    .join("\n  ");
}

/**
 * The surfaces that are dark in both schemes (the header, the footer, the
 * filled buttons and badges, a dialog's backdrop) keep the light palette in
 * the dark scheme, so what sits on them reads as it does by day; the gate
 * checks their pairings once.
 */
const KEEPS_LIGHT_PALETTE = [
  ".bg-ink-900",
  ".bg-ink-950",
  ".bg-brand-600",
  ".bg-gold-400",
  ".bg-success-700",
  ".btn-primary",
  ".btn-danger",
  ".term-tip",
  "::backdrop",
];

/**
 * The dark scheme's CSS: chosen on the page (`data-scheme="dark"`, set by the
 * head script from the reader's choice or the system's), or by the system
 * alone when scripts do not run.
 */
export function darkSchemeCss(colors: BrandColors): string {
  const block = (selector: string, palette: Palette, extra = "") => `${selector} {\n  ${paletteCss(palette)}${extra}\n}`;
  const dark = derivePalette(colors, "dark");
  const light = derivePalette(colors);
  const rules = (root: string) => [
    block(root, dark, "\n  color-scheme: dark;"),
    block(KEEPS_LIGHT_PALETTE.map((selector) => `${root} ${selector}`).join(",\n"), light),
  ];
  const system = rules(":root:not([data-scheme])").join("\n");
  return [...rules(':root[data-scheme="dark"]'), `@media (prefers-color-scheme: dark) {\n${system}\n}`].join("\n");
}

/**
 * Every pairing of text and surface the site prints, with the contrast it
 * needs: 4.5:1 for text, 3:1 for the progress bar. Focus outlines use the
 * ink on light surfaces and the highlight on dark ones, already held to 4.5:1.
 * `white/70` is white at 70 % over the surface, as the price's loading text is.
 * Pairings on the surfaces that keep the light palette (`keepsLight`) are the
 * same in both schemes, so the dark scheme's gate skips them.
 */
const PAIRINGS: Array<{ text: PaletteColor | "white" | "white/70"; on: PaletteColor; needs: number; keepsLight?: true }> = [
  ...(["ink-900", "ink-800", "ink-700", "brand-700", "brand-600", "success-700", "danger-700"] as const).flatMap((text) =>
    (["sand-50", "surface", "sand-100"] as const).map((on) => ({ text, on, needs: 4.5 })),
  ),
  { text: "ink-900", on: "sand-200", needs: 4.5 },
  { text: "ink-700", on: "sand-200", needs: 4.5 },
  // A chosen item turned over (the platform choice): the page's colour on the text's, in both schemes.
  { text: "sand-50", on: "ink-900", needs: 4.5 },
  { text: "ink-900", on: "ink-100", needs: 4.5 },
  { text: "ink-900", on: "brand-100", needs: 4.5 },
  { text: "ink-800", on: "brand-100", needs: 4.5 },
  { text: "success-700", on: "success-50", needs: 4.5 },
  { text: "danger-700", on: "danger-50", needs: 4.5 },
  { text: "ink-900", on: "success-50", needs: 4.5 },
  { text: "ink-900", on: "warning-50", needs: 4.5 },
  { text: "brand-600", on: "sand-200", needs: 3 },
  { text: "ink-900", on: "gold-400", needs: 4.5, keepsLight: true },
  { text: "white", on: "brand-600", needs: 4.5, keepsLight: true },
  { text: "white", on: "brand-700", needs: 4.5, keepsLight: true },
  { text: "white", on: "success-700", needs: 4.5, keepsLight: true },
  { text: "white", on: "danger-700", needs: 4.5, keepsLight: true },
  { text: "white", on: "ink-900", needs: 4.5, keepsLight: true },
  { text: "white", on: "ink-950", needs: 4.5, keepsLight: true },
  { text: "white/70", on: "ink-900", needs: 4.5, keepsLight: true },
  { text: "gold-400", on: "ink-900", needs: 4.5, keepsLight: true },
  { text: "gold-400", on: "ink-950", needs: 4.5, keepsLight: true },
  { text: "brand-300", on: "ink-900", needs: 4.5, keepsLight: true },
];

/** What in a palette a reader could not read, each with its contrast and the contrast it needs. */
export function paletteProblems(palette: Palette, scheme: Scheme = "light"): string[] {
  const colour = (name: PaletteColor | "white") => (name === "white" ? "#ffffff" : palette[name]);
  const problems: string[] = [];
  for (const { text, on, needs, keepsLight } of PAIRINGS) {
    if (scheme === "dark" && keepsLight) continue;
    const surface = colour(on);
    const foreground = text === "white/70" ? blend("#ffffff", surface, 0.7) : colour(text);
    const ratio = contrastRatio(foreground, surface);
    if (ratio < needs)
      problems.push(
        `${scheme === "dark" ? "dark scheme: " : ""}${text} on ${on} has a contrast of ${ratio.toFixed(2)}:1; it needs ${needs}:1`,
      );
  }
  return problems;
}

/** Both schemes' problems: the configured colours must give a readable site by day and by night. */
export function schemeProblems(colors: BrandColors): string[] {
  return [...paletteProblems(derivePalette(colors)), ...paletteProblems(derivePalette(colors, "dark"), "dark")];
}

/** WCAG 2.2's contrast ratio of two sRGB colours. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map(toLinear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function blend(top: string, under: string, alpha: number): string {
  const a = channels(top);
  const b = channels(under);
  return toHex(a.map((value, index) => value * alpha + (b[index] ?? 0) * (1 - alpha)) as [number, number, number]);
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb
    .map((value) =>
      Math.round(Math.min(1, Math.max(0, value)) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function toLinear(value: number): number {
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function fromLinear(value: number): number {
  return value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055;
}

function hexToOklch(hex: string): [number, number, number] {
  const [r, g, b] = channels(hex).map(toLinear) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const lightness = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return [lightness, Math.hypot(a, bb), Math.atan2(bb, a)];
}

function oklchToLinear(lightness: number, chroma: number, hue: number): [number, number, number] {
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

/** Out of sRGB, the chroma comes down until the colour fits, so the hue and lightness stay as asked. */
function oklchToHex(lightness: number, chroma: number, hue: number): string {
  const clamped = Math.min(1, Math.max(0, lightness));
  const fits = (c: number) => oklchToLinear(clamped, c, hue).every((value) => value >= -1e-6 && value <= 1 + 1e-6);
  let low = 0;
  let high = chroma;
  if (!fits(high)) {
    for (let step = 0; step < 24; step++) {
      const middle = (low + high) / 2;
      if (fits(middle)) low = middle;
      else high = middle;
    }
    high = low;
  }
  return toHex(oklchToLinear(clamped, high, hue).map(fromLinear) as [number, number, number]);
}
