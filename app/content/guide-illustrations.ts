import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../../server/project-root.ts";
import { FRAME_SIZES, type ScreenSpec } from "./screen-spec.ts";

/** Drawn at build time from each step's `screen` block (gitignored). */
export const DRAWN_DIR = "guides/illustrations";
/** Where an operator puts real screenshots: `<page>-<step>.png` replaces the drawing. */
export const SCREENSHOT_DIR = "guides/screens";

const PUBLIC_DIR = path.join(projectRoot, "public");

export type Illustration = { src: string; width: number; height: number; alt: string };

export function illustrationName(pagePath: string, step: number): string {
  return `${pagePath.slice(1)}-${step}`;
}

function pngSize(file: string): { width: number; height: number } {
  const header = readFileSync(file).subarray(0, 24);
  if (header.toString("latin1", 1, 4) !== "PNG") throw new Error(`${file} is not a PNG`);
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}

/** A drawn screen's size, from its SVG: the drawing fits its height to the screen's items. */
function svgSize(file: string): { width: number; height: number } | null {
  const head = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(readFileSync(file, "utf8").slice(0, 300));
  return head ? { width: Number(head[1]), height: Number(head[2]) } : null;
}

/**
 * The picture of step `step` (1-based) of a guide page: the operator's
 * screenshot if there is one in `publicDir`, else the drawing, at the size it
 * was drawn (its frame's full size until the build has drawn it).
 */
export function guideIllustration(pagePath: string, step: number, screen: ScreenSpec, publicDir = PUBLIC_DIR): Illustration {
  const name = illustrationName(pagePath, step);
  const screenshot = path.join(publicDir, SCREENSHOT_DIR, `${name}.png`);
  if (existsSync(screenshot)) return { src: `/${SCREENSHOT_DIR}/${name}.png`, ...pngSize(screenshot), alt: screen.alt };
  const drawn = path.join(publicDir, DRAWN_DIR, `${name}.svg`);
  const size = (existsSync(drawn) && svgSize(drawn)) || FRAME_SIZES[screen.frame];
  return { src: `/${DRAWN_DIR}/${name}.svg`, ...size, alt: screen.alt };
}
