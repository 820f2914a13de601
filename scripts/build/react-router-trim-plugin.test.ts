import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routerConfig from "../../react-router.config.ts";
import { trimReactRouter, UNUSED_FEATURES } from "./react-router-trim-plugin.ts";

const dist = path.resolve("node_modules/react-router/dist/development");
const files = readdirSync(dist).filter((name) => name.endsWith(".mjs"));
const source = (name: string) => readFileSync(path.join(dist, name), "utf8");

describe("React Router trimmed for the browser", () => {
  it("switches the development warnings off in the file that declares the switch", () => {
    const declaring = files.filter((name) => source(name).includes("var ENABLE_DEV_WARNINGS = true;"));
    expect(declaring).toHaveLength(1);
    const trimmed = trimReactRouter(source(declaring[0] as string));
    expect(trimmed).toContain("var ENABLE_DEV_WARNINGS = false;");
    expect(trimmed).not.toContain("var ENABLE_DEV_WARNINGS = true;");
  });

  it.each(files)("%s: no DevTools name is left, every forwardRef call is marked pure, and no other line changes", (name) => {
    const code = source(name);
    const trimmed = trimReactRouter(code);
    expect(trimmed).not.toMatch(/^[\w$]+\.displayName = /m);
    expect(trimmed.match(/\bforwardRef\(/g)?.length ?? 0).toBe(trimmed.match(/\/\* @__PURE__ \*\/ React\d*\.forwardRef\(/g)?.length ?? 0);
    const before = code.split("\n");
    const after = trimmed.split("\n");
    expect(after).toHaveLength(before.length);
    const changed = before.flatMap((line, index) => (line === after[index] ? [] : [line]));
    const edited = UNUSED_FEATURES.map(({ find }) => find.source).join("|");
    for (const line of changed)
      expect(line).toMatch(new RegExp(`^[\\w$]+\\.displayName = |forwardRef\\(|^var ENABLE_DEV_WARNINGS = true;$|${edited}`));
  });

  it("trims the components' names and forwardRef calls that the bundler kept", () => {
    const withComponents = files.filter((name) => /^Form\.displayName = "Form";$/m.test(source(name)));
    expect(withComponents).toHaveLength(1);
    const trimmed = trimReactRouter(source(withComponents[0] as string));
    expect(trimmed).toMatch(/^var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(trimmed).not.toContain('Form.displayName = "Form";');
  });

  it.each(UNUSED_FEATURES.map((edit) => [edit.feature, edit] as const))(
    "answers no where React Router tests for %s, in the file that declares it",
    (_, edit) => {
      const declaring = files.filter((name) => source(name).includes(edit.declaredBy));
      expect(declaring).toHaveLength(1);
      const code = source(declaring[0] as string);
      const found = code.match(edit.find) ?? [];
      expect(found.length).toBeGreaterThan(0);
      const trimmed = trimReactRouter(code);
      expect(trimmed.match(edit.find)).toBeNull();
      for (const other of files.filter((name) => name !== declaring[0])) expect(source(other).match(edit.find)).toBeNull();
    },
  );

  it("switches lazy route discovery off only while the site's configuration leaves it off", () => {
    expect(routerConfig.routeDiscovery).toEqual({ mode: "initial" });
  });

  it("changes only the questions, leaving the features' own code for the bundler to drop", () => {
    const code = files.map(source).join("\n");
    const trimmed = trimReactRouter(code);
    for (const { declaredBy } of UNUSED_FEATURES) expect(trimmed).toContain(declaredBy);
    expect(trimmed).toMatch(/if \(false\) \{\n\s+router = instrumentClientSideRouter\(/);
    expect(trimmed).toContain("let rsc = false;");
    expect(trimmed).toContain("if (false && typeof error");
    expect(trimmed).toContain("let enableFogOfWar = false;");
  });
});
