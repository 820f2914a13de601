import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "../..");
const PRIMITIVE = path.join(APP, "components/ui/titled-section.tsx");

/** Every .tsx file under app/, but the primitive that owns the wiring. */
function components(): string[] {
  return readdirSync(APP, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".tsx"))
    .map((file) => path.join(APP, file))
    .filter((file) => file !== PRIMITIVE);
}

describe("landmarks named by their heading", () => {
  it("are TitledSections: no section, nav or article wires aria-labelledby by hand, so an id cannot drift from its heading", () => {
    const wired = components().flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/<(section|nav|article)\b[^>]*\baria-labelledby=/g)].map(
        (match) => `${path.relative(APP, file)}: <${match[1]} aria-labelledby=…>`,
      ),
    );
    expect(components().length).toBeGreaterThan(50);
    expect(wired).toEqual([]);
  });
});
