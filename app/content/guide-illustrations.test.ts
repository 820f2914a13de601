import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { DRAWN_DIR, guideIllustration, SCREENSHOT_DIR } from "./guide-illustrations.ts";
import type { ScreenSpec } from "./screen-spec.ts";

const spec: ScreenSpec = {
  frame: "phone",
  title: "Swap",
  alt: "The swap screen with the amount field highlighted.",
  items: [{ kind: "text", text: "Hello" }],
};

describe("guideIllustration", () => {
  // A public folder of the test's own: the project's is a source of the build, which `npm start` rebuilds when it changes.
  const publicDir = mkdtempSync(path.join(os.tmpdir(), "guide-public-"));

  it("uses the drawing, at its frame's size, when no screenshot was dropped in", () => {
    expect(guideIllustration("/test-only-guide", 2, spec, publicDir)).toEqual({
      src: "/guides/illustrations/test-only-guide-2.svg",
      width: 360,
      height: 640,
      alt: spec.alt,
    });
  });

  it("takes the drawing's own size once the build has drawn it", () => {
    const drawn = path.join(publicDir, DRAWN_DIR, "test-only-guide-3.svg");
    mkdirSync(path.dirname(drawn), { recursive: true });
    writeFileSync(drawn, '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="412" viewBox="0 0 360 412"></svg>');
    expect(guideIllustration("/test-only-guide", 3, spec, publicDir)).toMatchObject({ width: 360, height: 412 });
  });

  it("uses an operator's screenshot named after the page and step, at its own size", () => {
    const screenshot = path.join(publicDir, SCREENSHOT_DIR, "test-only-guide-2.png");
    mkdirSync(path.dirname(screenshot), { recursive: true });
    writeFileSync(screenshot, new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="500"/>').render().asPng());
    expect(guideIllustration("/test-only-guide", 2, spec, publicDir)).toEqual({
      src: "/guides/screens/test-only-guide-2.png",
      width: 300,
      height: 500,
      alt: spec.alt,
    });
  });
});
