import { createHash } from "node:crypto";
import type { SiteConfig } from "../config/site.ts";

/** What the build writes to build/site-manifest.json and the server reads at start-up. */
export type BuiltPage = { file: string; scriptHashes: string[] };

export type SiteManifest = {
  siteConfigHash: string;
  pages: Record<string, BuiltPage>;
  notFound: BuiltPage;
  /** React Router's client-only shell, rendered at build time with no route: the operator console's pages start from it. */
  consoleShell: BuiltPage;
};

/** Ties a build to the configuration it was made from, so the server can refuse a stale one. */
export function siteConfigHash(site: SiteConfig): string {
  return createHash("sha256").update(JSON.stringify(site)).digest("hex");
}
