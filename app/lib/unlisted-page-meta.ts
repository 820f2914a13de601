import type { MetaDescriptor } from "react-router";
import { site } from "../site.ts";

/** How every page title ends: the token's name and symbol. */
export const BRAND = `${site.token.name} (${site.token.symbol})`;

/**
 * A page search engines are not to list (a member's own page, an emailed link's, the 404): its title, and noindex.
 * Apart from pageMeta, so the app pages do not carry the public pages' card tags.
 */
export function unlistedPageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${BRAND}` }, { name: "robots", content: "noindex" }];
}
