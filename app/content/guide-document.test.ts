import { describe, expect, it } from "vitest";
import { applyBlocks } from "./guide-document.ts";

const body = [
  "Intro for everyone.",
  ":::android",
  "Only on Android.",
  "```screen",
  ":::ios",
  "```",
  ":::",
  ":::ios",
  "Only on iOS.",
  ":::warning",
  "Careful on iOS.",
  ":::",
  ":::",
  ":::tip",
  "A tip for all.",
  ":::",
].join("\n");

describe("applyBlocks", () => {
  it("keeps Android's blocks on the Android page, and leaves fenced code alone", () => {
    const android = applyBlocks(body, "android", "test");
    expect(android).toContain("Only on Android.");
    expect(android).toContain("```screen\n:::ios\n```");
    expect(android).not.toContain("Only on iOS.");
    expect(android).not.toContain("Careful on iOS.");
    expect(android).toContain('<div class="callout callout-tip" role="note"><p class="callout-title">Tip</p>');
  });

  it("keeps iOS's blocks, callouts inside them included, on the iOS page", () => {
    const ios = applyBlocks(body, "ios", "test");
    expect(ios).not.toContain("Only on Android.");
    expect(ios).toContain("Only on iOS.");
    expect(ios).toContain(
      '<div class="callout callout-warning" role="note"><p class="callout-title">Warning</p>\n\nCareful on iOS.\n\n</div>',
    );
  });

  it("drops both platforms' blocks from a browser page", () => {
    const browser = applyBlocks(body, "browser", "test");
    expect(browser).not.toMatch(/Only on (Android|iOS)/);
    expect(browser).toContain("A tip for all.");
  });

  it.each([
    [":::danger\nx\n:::", 'test:1: unknown block ":::danger"'],
    [":::warning\nnever closed", 'test: ":::warning" is never closed'],
    ["text\n:::", 'test:2: ":::" closes nothing'],
    ["```\nopen fence", "test: a code fence is never closed"],
  ])("refuses %j", (input, message) => {
    expect(() => applyBlocks(input, "browser", "test")).toThrow(message);
  });
});
