import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteEnvironmentVariables } from "../config/site.ts";
import { serverSettingNames } from "./env.ts";
import { projectRoot } from "./project-root.ts";

describe(".env.example", () => {
  const listed = new Set(
    readFileSync(path.join(projectRoot, ".env.example"), "utf8")
      .split("\n")
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((name) => name !== undefined),
  );

  it("lists every setting the server and the site configuration read", () => {
    const settings = [...serverSettingNames, ...Object.keys(siteEnvironmentVariables), "SITE_CONFIG_FILE"];
    expect(settings.filter((name) => !listed.has(name))).toEqual([]);
  });

  it("lists nothing that is not a setting", () => {
    const settings = new Set([...serverSettingNames, ...Object.keys(siteEnvironmentVariables), "SITE_CONFIG_FILE"]);
    expect([...listed].filter((name) => !settings.has(name))).toEqual([]);
  });
});
