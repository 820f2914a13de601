/**
 * Runs before `react-router build`: fails on a guide that quotes a MetaMask
 * label missing from content/guides/metamask-labels.yaml, then draws every
 * guide step's screen into public/guides/illustrations.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { guideCatalog, guideValues } from "../../app/content/guide-catalog.ts";
import { parseGuide } from "../../app/content/guide-document.ts";
import { DRAWN_DIR, illustrationName } from "../../app/content/guide-illustrations.ts";
import { loadLabels, unknownLabels } from "../../app/content/guide-labels.ts";
import { fillPlaceholders } from "../../app/content/placeholders.ts";
import { derivePalette } from "../../config/palette.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { accentOf, drawScreen } from "./draw-screen.ts";

const site = loadSiteConfig();
const labels = loadLabels();
const unknown = guideCatalog(site).flatMap((entry) =>
  unknownLabels(entry, parseGuide(entry, site), labels, (text) =>
    fillPlaceholders(text, guideValues(site, entry.platform), "content/guides/metamask-labels.yaml"),
  ),
);
if (unknown.length > 0) {
  throw new Error(`Guides quote labels that were never checked against MetaMask's sources:\n${unknown.join("\n")}`);
}
const accent = accentOf(derivePalette(site.site.colors));
const outDir = path.resolve("public", DRAWN_DIR);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let drawn = 0;
for (const entry of guideCatalog(site)) {
  for (const [index, step] of parseGuide(entry, site).steps.entries()) {
    if (!step.screen) continue;
    writeFileSync(path.join(outDir, `${illustrationName(entry.path, index + 1)}.svg`), drawScreen(step.screen, accent));
    drawn++;
  }
}
console.log(`Drew ${drawn} guide illustrations in ${outDir}`);
