import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { qrSvg } from "../../app/content/qr-svg.ts";
import { TOKEN_ADDRESS_QR_PATH } from "../../common/links.ts";
import { derivePalette, type Palette } from "../../config/palette.ts";
import type { SiteConfig } from "../../config/site.ts";
import { escapeXml } from "./escape-xml.ts";

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
const fontFiles = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map((file) => path.join(fontDir, file));

function renderPng(svg: string, width: number): Buffer {
  return new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
  })
    .render()
    .asPng();
}

/** An .ico holding one PNG image (supported by every browser since IE Vista). */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

function shareImageSvg(site: SiteConfig, palette: Palette, logoSvg: string): string {
  const logo = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString("base64")}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${palette["ink-900"]}"/>
  <rect y="590" width="1200" height="40" fill="${palette["brand-500"]}"/>
  <image href="${logo}" x="90" y="155" width="300" height="300"/>
  <text x="450" y="270" font-family="DejaVu Sans" font-weight="bold" font-size="84" fill="#ffffff">${escapeXml(site.token.name)}</text>
  <text x="450" y="350" font-family="DejaVu Sans" font-weight="bold" font-size="48" fill="${palette["gold-400"]}">${escapeXml(site.token.symbol)} · ERC-20</text>
  <text x="450" y="430" font-family="DejaVu Sans" font-size="34" fill="${palette["ink-100"]}">${escapeXml(site.site.tagline)}</text>
</svg>`;
}

/** The share image, icons and web manifest, drawn from the configured logo and names, by the path each is served at. */
export function brandAssets(site: SiteConfig, logoSvg: string): Map<string, Buffer | string> {
  const palette = derivePalette(site.site.colors);
  const manifest = {
    name: `${site.token.name} (${site.token.symbol})`,
    short_name: site.token.name,
    start_url: "/",
    display: "standalone",
    background_color: palette["sand-50"],
    theme_color: site.site.themeColor,
    icons: [
      { src: site.token.logo, sizes: "any", type: "image/svg+xml" },
      { src: "/brand/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
  return new Map<string, Buffer | string>([
    ["/brand/og-image.png", renderPng(shareImageSvg(site, palette, logoSvg), 1200)],
    ["/brand/apple-touch-icon.png", renderPng(logoSvg, 180)],
    ["/brand/icon-512.png", renderPng(logoSvg, 512)],
    ["/favicon.ico", pngToIco(renderPng(logoSvg, 32), 32)],
    ["/site.webmanifest", JSON.stringify(manifest, null, 2)],
    // The token dialog's QR code: the address for another device, drawn once here rather than by a library in every page.
    [TOKEN_ADDRESS_QR_PATH, qrSvg(site.token.address)],
  ]);
}

export function writeBrandAssets(site: SiteConfig, clientDir: string): void {
  const logoSvg = readFileSync(path.join(clientDir, site.token.logo), "utf8");
  for (const [urlPath, content] of brandAssets(site, logoSvg)) writeFileSync(path.join(clientDir, urlPath), content);
}
