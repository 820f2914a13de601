/**
 * The page's colour scheme: the reader's choice, kept in localStorage, or
 * else the system's (`prefers-color-scheme`). It lives on the root element as
 * `data-scheme`, which app.css's dark palette keys on.
 */
export type ColorScheme = "light" | "dark";

export const COLOR_SCHEME_KEY = "color-scheme";
const SYSTEM_DARK = "(prefers-color-scheme: dark)";

/**
 * The same choice as `applyColorScheme`, inline in every page's <head> so the
 * first paint is already in the right scheme. The build hashes it into the
 * page's Content-Security-Policy (scripts/build/finalize-site.ts).
 */
export const COLOR_SCHEME_HEAD_SCRIPT = `try{var s=localStorage.getItem("${COLOR_SCHEME_KEY}")}catch(e){}document.documentElement.dataset.scheme=s==="dark"||s==="light"?s:matchMedia("${SYSTEM_DARK}").matches?"dark":"light"`;

function storedChoice(): ColorScheme | null {
  try {
    const stored = localStorage.getItem(COLOR_SCHEME_KEY);
    return stored === "dark" || stored === "light" ? stored : null;
  } catch {
    // Storage refused (a privacy setting): the system's scheme it is.
    return null;
  }
}

function applyColorScheme(): void {
  document.documentElement.dataset.scheme = storedChoice() ?? (matchMedia(SYSTEM_DARK).matches ? "dark" : "light");
}

export function currentColorScheme(): ColorScheme {
  return document.documentElement.dataset.scheme === "dark" ? "dark" : "light";
}

/** The reader's choice, remembered for the next visit. */
export function chooseColorScheme(scheme: ColorScheme): void {
  try {
    localStorage.setItem(COLOR_SCHEME_KEY, scheme);
  } catch {
    // Not remembered, still shown.
  }
  applyColorScheme();
}

/** Calls `listener` whenever the scheme changes: a choice here or in another tab, or the system's while nothing is chosen. */
export function onColorSchemeChange(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributeFilter: ["data-scheme"] });
  const system = matchMedia(SYSTEM_DARK);
  const storage = (event: StorageEvent) => event.key === COLOR_SCHEME_KEY && applyColorScheme();
  system.addEventListener("change", applyColorScheme);
  window.addEventListener("storage", storage);
  return () => {
    observer.disconnect();
    system.removeEventListener("change", applyColorScheme);
    window.removeEventListener("storage", storage);
  };
}
