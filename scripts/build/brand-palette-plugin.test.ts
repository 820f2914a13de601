import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { brandPalettePlugin } from "./brand-palette-plugin.ts";

const appCss = path.resolve("app/app.css");

function transform(plugin: Plugin, code: string, id: string) {
  const hook = plugin.transform as (code: string, id: string) => { code: string } | undefined;
  return hook(code, id);
}

describe("the brand palette plugin", () => {
  const plugin = brandPalettePlugin(loadSiteConfig({ SITE_COLOR_BRAND: "#1d4ed8", SITE_COLOR_BACKGROUND: "#ffffff" }));

  it("writes the configured colours into app.css's theme, in place of its marker", () => {
    const result = transform(plugin, readFileSync(appCss, "utf8"), `${appCss}?direct`);
    expect(result?.code).toContain("--color-brand-600: #1d4ed8;");
    expect(result?.code).toContain("--color-sand-50: #ffffff;");
    expect(result?.code).not.toContain("palette: filled in");
  });

  it("writes the dark scheme, chosen on the page or by the system, with the dark surfaces keeping the light palette", () => {
    const code = transform(plugin, readFileSync(appCss, "utf8"), appCss)?.code ?? "";
    expect(code).not.toContain("dark scheme: filled in");
    expect(code).toMatch(
      /:root\[data-scheme="dark"\] \{\n {2}--color-ink-950: #ffffff;[^}]*--color-sand-50: #[0-9a-f]{6};[^}]*color-scheme: dark;/,
    );
    expect(code).toMatch(/@media \(prefers-color-scheme: dark\) \{\n:root:not\(\[data-scheme\]\) \{/);
    // The header keeps the light palette's navy, and a button its brand colour.
    expect(code).toMatch(
      /:root\[data-scheme="dark"\] \.bg-ink-900,[^{]*:root\[data-scheme="dark"\] \.btn-primary,[^{]*\{[^}]*--color-brand-600: #1d4ed8;/,
    );
  });

  it("leaves other files alone, and stops the build if app.css lost its marker", () => {
    expect(transform(plugin, "a { color: red }", path.resolve("app/other.css"))).toBeUndefined();
    expect(() => transform(plugin, "@theme {}", appCss)).toThrow(/app\/app\.css lost its palette marker/);
  });
});
