/**
 * A route whose `handle` is this is an article: prerendered HTML with only the
 * small script of app/enhance/, never React's runtime (decision 053).
 */
export const ARTICLE = { article: true } as const;

export function isArticle(handle: unknown): boolean {
  return (handle as { article?: unknown } | undefined)?.article === true;
}
