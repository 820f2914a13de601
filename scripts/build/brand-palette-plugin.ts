import type { Plugin } from "vite";
import { derivePalette, paletteCss } from "../../config/palette.ts";
import type { SiteConfig } from "../../config/site.ts";

const MARKER = "/* palette: filled in from site.colors by scripts/build/brand-palette-plugin.ts */";

/** Writes the configured palette into app.css's `@theme` before Tailwind reads it, so a re-brand needs no CSS edit. */
export function brandPalettePlugin(site: SiteConfig): Plugin {
  const declarations = paletteCss(derivePalette(site.site.colors));
  return {
    name: "brand-palette",
    enforce: "pre",
    transform(code, id) {
      if (!id.split("?")[0]?.endsWith("/app/app.css")) return undefined;
      if (!code.includes(MARKER)) throw new Error(`app/app.css lost its palette marker: ${MARKER}`);
      return { code: code.replace(MARKER, declarations), map: null };
    },
  };
}
