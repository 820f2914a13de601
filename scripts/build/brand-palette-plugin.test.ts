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

  it("leaves other files alone, and stops the build if app.css lost its marker", () => {
    expect(transform(plugin, "a { color: red }", path.resolve("app/other.css"))).toBeUndefined();
    expect(() => transform(plugin, "@theme {}", appCss)).toThrow(/app\/app\.css lost its palette marker/);
  });
});
