import { readFileSync } from "node:fs";

/** A locale file as the apps publish it: MetaMask mobile's nested en.json, the extension's flat messages.json ({ key: { message } }), or Uniswap's flat en-US.json ({ key: text }). */
export type LocaleFile = Record<string, unknown>;

export function readLocale(file: string): LocaleFile {
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error(`${file}: not a JSON object of strings`);
  return parsed as LocaleFile;
}

/** The text under a key: a dotted path in mobile's file, a message name in the extension's, a flat key in Uniswap's; undefined when the key is gone. */
export function lookUp(locale: LocaleFile, app: "mobile" | "extension" | "uniswap", key: string): string | undefined {
  if (app === "uniswap") {
    const text = locale[key];
    return typeof text === "string" ? text : undefined;
  }
  if (app === "extension") {
    const entry = locale[key];
    return typeof entry === "object" && entry !== null && typeof (entry as { message?: unknown }).message === "string"
      ? (entry as { message: string }).message
      : undefined;
  }
  let node: unknown = locale;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}
