/**
 * The site's colours from four configured ones. Each shade moves its base
 * colour's lightness, chroma and hue in OKLCH (hue in degrees) by the steps
 * Kestrel's hand-picked palette took, so another token's team sets four
 * colours and gets a whole palette; `paletteProblems` refuses one that would
 * make any text the site prints fail WCAG 2.2 AA.
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

/** The colours that say what happened, the same for every token. */
const STATUS_COLORS = { "success-700": "#166534", "danger-700": "#b42318" } as const;

export type PaletteColor =
  | `ink-${950 | 900 | 800 | 700 | 100}`
  | `brand-${700 | 600 | 500 | 300 | 100}`
  | "gold-400"
  | `sand-${50 | 100 | 200}`
  | keyof typeof STATUS_COLORS;
export type Palette = Record<PaletteColor, string>;

export function derivePalette(colors: BrandColors): Palette {
  const palette: Record<string, string> = {};
  for (const { base, family, baseShade, shades } of FAMILIES) {
    const hex = colors[base].toLowerCase();
    palette[`${family}-${baseShade}`] = hex;
    const [l, c, h] = hexToOklch(hex);
    for (const shade of shades) {
      const lightness = "to" in shade.lightness ? shade.lightness.to : l + shade.lightness.by;
      palette[`${family}-${shade.name}`] = oklchToHex(lightness, c * shade.chroma, h + ((shade.hue ?? 0) * Math.PI) / 180);
    }
  }
  return { ...palette, ...STATUS_COLORS } as Palette;
}

/** Tailwind theme variables for app.css's `@theme`. */
export function paletteCss(palette: Palette): string {
  return Object.entries(palette)
    .map(([name, hex]) => `--color-${name}: ${hex};`)
    .join("\n  ");
}

/**
 * Every pairing of text and surface the site prints, with the contrast it
 * needs: 4.5:1 for text, 3:1 for the progress bar. Focus outlines use the
 * ink on light surfaces and the highlight on dark ones, already held to 4.5:1.
 * `white/70` is white at 70 % over the surface, as the price's loading text is.
 */
const PAIRINGS: Array<{ text: PaletteColor | "white" | "white/70"; on: PaletteColor | "white"; needs: number }> = [
  ...(["ink-900", "ink-800", "ink-700", "brand-700", "brand-600", "success-700", "danger-700"] as const).flatMap((text) =>
    (["sand-50", "white", "sand-100"] as const).map((on) => ({ text, on, needs: 4.5 })),
  ),
  { text: "ink-900", on: "sand-200", needs: 4.5 },
  { text: "ink-900", on: "ink-100", needs: 4.5 },
  { text: "ink-900", on: "brand-100", needs: 4.5 },
  { text: "ink-800", on: "brand-100", needs: 4.5 },
  { text: "ink-900", on: "gold-400", needs: 4.5 },
  { text: "white", on: "brand-600", needs: 4.5 },
  { text: "white", on: "brand-700", needs: 4.5 },
  { text: "white", on: "ink-900", needs: 4.5 },
  { text: "white", on: "ink-950", needs: 4.5 },
  { text: "white/70", on: "ink-900", needs: 4.5 },
  { text: "gold-400", on: "ink-900", needs: 4.5 },
  { text: "gold-400", on: "ink-950", needs: 4.5 },
  { text: "brand-300", on: "ink-900", needs: 4.5 },
  { text: "brand-600", on: "sand-200", needs: 3 },
];

/** What in a palette a reader could not read, each with its contrast and the contrast it needs. */
export function paletteProblems(palette: Palette): string[] {
  const colour = (name: PaletteColor | "white") => (name === "white" ? "#ffffff" : palette[name]);
  const problems: string[] = [];
  for (const { text, on, needs } of PAIRINGS) {
    const surface = colour(on);
    const foreground = text === "white/70" ? blend("#ffffff", surface, 0.7) : colour(text);
    const ratio = contrastRatio(foreground, surface);
    if (ratio < needs) problems.push(`${text} on ${on} has a contrast of ${ratio.toFixed(2)}:1; it needs ${needs}:1`);
  }
  return problems;
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
