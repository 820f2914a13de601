import { describe, expect, it } from "vitest";
import { COLOR_SCHEME_HEAD_SCRIPT, COLOR_SCHEME_KEY } from "./color-scheme.ts";

/** Runs the head script against a stand-in document, storage and system preference; returns the scheme it set. */
function headScript(stored: string | null | Error, systemDark: boolean): string | undefined {
  const root = { dataset: {} as Record<string, string> };
  const storage = {
    getItem: (key: string) => {
      if (stored instanceof Error) throw stored;
      return key === COLOR_SCHEME_KEY ? stored : null;
    },
  };
  const matchMedia = (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && systemDark });
  new Function("document", "localStorage", "matchMedia", COLOR_SCHEME_HEAD_SCRIPT)({ documentElement: root }, storage, matchMedia);
  return root.dataset.scheme;
}

describe("the colour scheme's head script", () => {
  it("follows the system when the reader chose nothing", () => {
    expect(headScript(null, true)).toBe("dark");
    expect(headScript(null, false)).toBe("light");
  });

  it("keeps the reader's choice over the system's", () => {
    expect(headScript("light", true)).toBe("light");
    expect(headScript("dark", false)).toBe("dark");
  });

  it("ignores a stored value it does not know, and storage that refuses to be read", () => {
    expect(headScript("sepia", true)).toBe("dark");
    expect(headScript(new Error("SecurityError"), false)).toBe("light");
  });
});
