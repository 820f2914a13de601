import { useEffect, useId, useRef, useState } from "react";
import { type GuideHit, RESULTS_CLASS, SEARCH_TEXT, searchGuides } from "./pagefind-search.ts";

/**
 * Search over every guide, on /how-to. Nothing loads until the reader types
 * (or arrives from the guide bar's search with ?q=). The prerendered page
 * gets the same behaviour from app/enhance/guide-search.ts.
 */
export function GuideSearch({ className = "" }: { className?: string }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<GuideHit[] | null>(null);
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
    const found = await searchGuides(text);
    if (ticket === latest.current) setHits(found);
  }

  return (
    <search className={`relative ${className}`} data-guide-search>
      <form onSubmit={(event) => event.preventDefault()} onKeyDown={(event) => event.key === "Escape" && search("")}>
        <label htmlFor={id} className="sr-only">
          {SEARCH_TEXT.label}
        </label>
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => search(event.target.value)}
          placeholder={SEARCH_TEXT.label}
          autoComplete="off"
          className="w-full rounded-lg border border-ink-700 bg-surface px-3 py-2 text-ink-900 placeholder:text-ink-700"
        />
      </form>
      <p role="status" className="sr-only">
        {hits ? SEARCH_TEXT.found(hits.length) : ""}
      </p>
      {hits ? (
        <div className={RESULTS_CLASS}>
          {hits.length === 0 ? <p className="text-sm text-ink-700">{SEARCH_TEXT.noMatch}</p> : null}
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
