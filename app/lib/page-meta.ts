import type { MetaDescriptor } from "react-router";
import { site } from "../site.ts";

export const OG_IMAGE_PATH = "/brand/og-image.png";

const BRAND = `${site.token.name} (${site.token.symbol})`;

/** Title, description, canonical URL and the Open Graph and Twitter card tags of one page. */
export function pageMeta({ title, description, path }: { title: string; description: string; path: string }): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${BRAND}: ${site.site.tagline}` : `${title} | ${BRAND}`;
  const url = `${site.site.origin}${path}`;
  const image = `${site.site.origin}${OG_IMAGE_PATH}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: BRAND },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${BRAND} logo on a night-blue background` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** A page search engines should not list (a member's own page, an emailed link's landing, the 404): its title and the noindex tag. */
export function unlistedPageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${BRAND}` }, { name: "robots", content: "noindex" }];
}
