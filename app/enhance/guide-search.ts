import { type GuideHit, RESULTS_CLASS, SEARCH_TEXT, searchGuides } from "../features/guides/pagefind-search.ts";

function resultsBox(hits: GuideHit[]): HTMLDivElement {
  const box = document.createElement("div");
  box.className = RESULTS_CLASS;
  if (hits.length === 0) {
    const none = document.createElement("p");
    none.className = "text-sm text-ink-700";
    none.textContent = SEARCH_TEXT.noMatch;
    box.append(none);
  }
  const list = document.createElement("ul");
  list.className = "space-y-3";
  for (const hit of hits) {
    const link = document.createElement("a");
    link.href = hit.url;
    link.className = "font-semibold text-brand-700 underline underline-offset-4";
    link.textContent = hit.title;
    const excerpt = document.createElement("p");
    excerpt.className = "mt-1 text-sm text-ink-700";
    // Pagefind's excerpt of our own build-time text, with the matches in <mark>.
    excerpt.innerHTML = hit.excerpt;
    const item = document.createElement("li");
    item.append(link, excerpt);
    list.append(item);
  }
  box.append(list);
  return box;
}

/** What GuideSearch does, for its prerendered markup on /how-to: search as the reader types, from ?q= on arrival, Escape clears. */
export function enhanceGuideSearch(): void {
  const container = document.querySelector<HTMLElement>("[data-guide-search]");
  const input = container?.querySelector<HTMLInputElement>('input[type="search"]');
  const status = container?.querySelector<HTMLElement>('[role="status"]');
  const form = container?.querySelector("form");
  if (!container || !input || !status || !form) return;
  let latest = 0;

  const search = async (text: string) => {
    const ticket = ++latest;
    const show = (hits: GuideHit[] | null) => {
      if (ticket !== latest) return;
      container.querySelector(":scope > div")?.remove();
      status.textContent = hits ? SEARCH_TEXT.found(hits.length) : "";
      if (hits) container.append(resultsBox(hits));
    };
    show(text.trim() === "" ? null : await searchGuides(text));
  };

  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    input.value = "";
    void search("");
  });
  input.addEventListener("input", () => void search(input.value));
  const sent = new URLSearchParams(window.location.search).get("q");
  if (sent) {
    input.value = sent;
    void search(sent);
  }
}

/** /how-to#android opens the Android list, on arrival and when the hash changes. */
export function openSectionFromHash(): void {
  const open = () => {
    const section = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    if (section instanceof HTMLDetailsElement) {
      section.open = true;
      section.scrollIntoView();
    }
  };
  open();
  window.addEventListener("hashchange", open);
}
