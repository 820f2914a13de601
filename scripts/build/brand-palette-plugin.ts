import type { Plugin } from "vite";
import { darkSchemeCss, derivePalette, paletteCss } from "../../config/palette.ts";
import type { SiteConfig } from "../../config/site.ts";

const MARKER = "/* palette: filled in from site.colors by scripts/build/brand-palette-plugin.ts */";
const DARK_MARKER = "/* dark scheme: filled in from site.colors by scripts/build/brand-palette-plugin.ts */";

/** Writes the configured palette, and the dark scheme's, into app.css before Tailwind reads it, so a re-brand needs no CSS edit. */
export function brandPalettePlugin(site: SiteConfig): Plugin {
  const declarations = paletteCss(derivePalette(site.site.colors));
  const darkScheme = darkSchemeCss(site.site.colors);
  return {
    name: "brand-palette",
    enforce: "pre",
    transform(code, id) {
      if (!id.split("?")[0]?.endsWith("/app/app.css")) return undefined;
      for (const marker of [MARKER, DARK_MARKER]) {
        if (!code.includes(marker)) throw new Error(`app/app.css lost its palette marker: ${marker}`);
      }
      return { code: code.replace(MARKER, declarations).replace(DARK_MARKER, darkScheme), map: null };
    },
  };
}
