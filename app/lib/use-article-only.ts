import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";
import { isArticle } from "./article-page.ts";

/**
 * Whether the page being prerendered is an article, whose HTML ships without React (decision 053). Decided when the
 * page is prerendered; in the browser (a page that did hydrate, navigating) it is always false. The SPA fallback (the
 * console's shell) is rendered at "/", which matches the home article, and must hydrate.
 */
export function useArticleOnly(): boolean {
  const matches = useMatches();
  const spaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode === true;
  return import.meta.env.SSR && import.meta.env.PROD && !spaFallback && matches.some((match) => isArticle(match.handle));
}
