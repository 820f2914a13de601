export type GuideHit = { url: string; title: string; excerpt: string };
type Pagefind = {
  options(options: { noWorker: boolean }): Promise<void>;
  search(query: string): Promise<{ results: Array<{ data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }> }> }>;
};

/** Built by Pagefind after the site (scripts/build/after-react-router.ts); fetched only once a reader searches. */
const PAGEFIND = "/pagefind/pagefind.js";
let pagefind: Promise<Pagefind> | undefined;

/** The results box, under the search field; shared by GuideSearch and the articles' script. */
export const RESULTS_CLASS =
  "absolute left-0 z-20 sm:right-0 sm:left-auto mt-2 w-[min(26rem,calc(100vw-2rem))] rounded-lg bg-surface p-3 text-ink-900 shadow-lg ring-1 ring-ink-100";

export const SEARCH_TEXT = {
  label: "Search the guides",
  noMatch: "No guide matches these words.",
  found: (count: number) => `${count === 0 ? "No" : count} ${count === 1 ? "guide" : "guides"} found`,
};

/** The six best guides for `text`: loads the Pagefind index for the words typed, a few kilobytes, and no more. */
export async function searchGuides(text: string): Promise<GuideHit[]> {
  // On the page's own thread: a worker script would be served under the strict policy of static files, which forbids fetch.
  pagefind ??= (import(/* @vite-ignore */ PAGEFIND) as Promise<Pagefind>).then(async (module) => {
    await module.options({ noWorker: true });
    return module;
  });
  const found = await (await pagefind).search(text);
  const data = await Promise.all(found.results.slice(0, 6).map((result) => result.data()));
  return data.map((page) => ({ url: page.url.replace(/\/$/, ""), title: page.meta.title ?? page.url, excerpt: page.excerpt }));
}
