import { useEffect, useId, useRef, useState } from "react";

type Hit = { url: string; title: string; excerpt: string };
type Pagefind = {
  options(options: { noWorker: boolean }): Promise<void>;
  search(query: string): Promise<{ results: Array<{ data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }> }> }>;
};

/** Built by Pagefind after the site (scripts/build/after-react-router.ts); fetched only once a reader searches. */
const PAGEFIND = "/pagefind/pagefind.js";
let pagefind: Promise<Pagefind> | undefined;

/**
 * Search over every guide, on /how-to. Nothing loads until the reader types
 * (or arrives from the guide bar's search with ?q=): then the Pagefind index
 * for the words typed, a few kilobytes, and no more.
 */
export function GuideSearch({ className = "" }: { className?: string }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<Hit[] | null>(null);
  const latest = useRef(0);
  // A search sent from a guide page's bar; read after hydration, as the page was prerendered without it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    const sent = new URLSearchParams(window.location.search).get("q");
    if (sent) search(sent);
  }, []);

  async function search(text: string) {
    setQuery(text);
    const ticket = ++latest.current;
    if (text.trim() === "") return setHits(null);
    // On the page's own thread: a worker script would be served under the strict policy of static files, which forbids fetch.
    pagefind ??= (import(/* @vite-ignore */ PAGEFIND) as Promise<Pagefind>).then(async (module) => {
      await module.options({ noWorker: true });
      return module;
    });
    const found = await (await pagefind).search(text);
    const data = await Promise.all(found.results.slice(0, 6).map((result) => result.data()));
    if (ticket !== latest.current) return;
    setHits(data.map((page) => ({ url: page.url.replace(/\/$/, ""), title: page.meta.title ?? page.url, excerpt: page.excerpt })));
  }

  return (
    <search className={`relative ${className}`}>
      <form onSubmit={(event) => event.preventDefault()} onKeyDown={(event) => event.key === "Escape" && search("")}>
        <label htmlFor={id} className="sr-only">
          Search the guides
        </label>
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => search(event.target.value)}
          placeholder="Search the guides"
          autoComplete="off"
          className="w-full rounded-lg border border-ink-700 bg-white px-3 py-2 text-ink-900 placeholder:text-ink-700"
        />
      </form>
      <p role="status" className="sr-only">
        {hits ? `${hits.length === 0 ? "No" : hits.length} ${hits.length === 1 ? "guide" : "guides"} found` : ""}
      </p>
      {hits ? (
        <div className="absolute left-0 z-20 sm:right-0 sm:left-auto mt-2 w-[min(26rem,calc(100vw-2rem))] rounded-lg bg-white p-3 text-ink-900 shadow-lg ring-1 ring-ink-100">
          {hits.length === 0 ? <p className="text-sm text-ink-700">No guide matches these words.</p> : null}
          <ul className="space-y-3">
            {hits.map((hit) => (
              <li key={hit.url}>
                <a href={hit.url} className="font-semibold text-brand-700 underline underline-offset-4">
                  {hit.title}
                </a>
                {/* Pagefind's excerpt of our own build-time text, with the matches in <mark>. */}
                <p className="mt-1 text-sm text-ink-700" dangerouslySetInnerHTML={{ __html: hit.excerpt }} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </search>
  );
}
