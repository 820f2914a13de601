import {
  addLiquidityUrl,
  approvalCheckerUrl,
  contractSourceUrl,
  explorerTokenUrl,
  poolUrl,
  swapUrl,
  WHITEPAPER_PATH,
} from "../../common/links.ts";
import type { PageSiteConfig } from "../../config/site.ts";

/**
 * The values content may name as `{{group.key}}`. Numbers are written the way
 * a reader expects them ("10,000"); a name that is not here fails the build.
 */
export function placeholderValues(site: PageSiteConfig): Record<string, string> {
  const values: Record<string, string> = {
    "links.contractSource": contractSourceUrl(site),
    "links.explorerToken": explorerTokenUrl(site),
    "links.pool": poolUrl(site),
    "links.swap": swapUrl(site),
    "links.addLiquidity": addLiquidityUrl(site),
    "links.whitepaper": WHITEPAPER_PATH,
    "links.approvals": approvalCheckerUrl(site),
  };
  for (const group of ["token", "site", "explorer", "dex", "rewards", "legal", "contact"] as const) {
    for (const [key, value] of Object.entries(site[group])) {
      if (typeof value === "number") values[`${group}.${key}`] = value.toLocaleString("en-US");
      else if (typeof value === "string") values[`${group}.${key}`] = value;
    }
  }
  // As a wallet shows an address in a narrow field: its start and its end.
  values["token.addressShort"] = `${site.token.address.slice(0, 6)}…${site.token.address.slice(-4)}`;
  return values;
}

export function fillPlaceholders(text: string, values: Record<string, string>, source: string): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${source}: unknown placeholder {{${name}}}`);
    return value;
  });
}
