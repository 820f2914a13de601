import { href } from "react-router";
/** The guide bar's search: a plain form that opens the results on /how-to, so guide pages carry no search code at all. */
export function GuideBarSearch() {
  return (
    <search>
      <form action={href("/how-to")} method="get">
        <label htmlFor="guide-bar-search" className="sr-only">
          Search the guides
        </label>
        <input
          id="guide-bar-search"
          name="q"
          type="search"
          required
          placeholder="Search the guides"
          className="w-56 max-w-full rounded-lg border border-ink-700 bg-surface px-3 py-2 text-ink-900 placeholder:text-ink-700"
        />
      </form>
    </search>
  );
}
