import { describe, expect, it } from "vitest";
import { splitFrontmatter } from "./frontmatter.ts";

const unix = "---\ntitle: Buy KSTL\nsteps: 3\n---\n# Heading\n\nText.\n";

describe("splitFrontmatter", () => {
  it("reads the YAML and keeps the body", () => {
    expect(splitFrontmatter(unix, "a.md")).toEqual({ frontmatter: { title: "Buy KSTL", steps: 3 }, body: "# Heading\n\nText.\n" });
  });

  it("reads a file saved with Windows line endings the same way", () => {
    expect(splitFrontmatter(unix.replace(/\n/g, "\r\n"), "a.md")).toEqual(splitFrontmatter(unix, "a.md"));
  });

  it("reads a file that starts with a byte-order mark the same way", () => {
    expect(splitFrontmatter(`\uFEFF${unix.replace(/\n/g, "\r\n")}`, "a.md")).toEqual(splitFrontmatter(unix, "a.md"));
  });

  it("accepts frontmatter with no body after it", () => {
    expect(splitFrontmatter("---\ntitle: Only\n---", "a.md")).toEqual({ frontmatter: { title: "Only" }, body: "" });
  });

  it("names the file when the frontmatter is missing", () => {
    expect(() => splitFrontmatter("# No frontmatter\n", "content/x.md")).toThrow(
      "content/x.md: frontmatter (between --- lines) is missing",
    );
  });
});
