/**
 * Which platform's guides to open first on /how-to and the buy path: the
 * address's `#platform` if it names one, else the reader's last choice, else
 * the phone the browser says it is on. Shared by the React pages and the
 * articles' script (app/enhance/platform-choice.ts), so the two cannot drift.
 */
export const CHOSEN_PLATFORMS = ["browser", "android", "ios"] as const;
export type ChosenPlatform = (typeof CHOSEN_PLATFORMS)[number];

/** localStorage key of the reader's last choice; kept on this device only, never sent. */
export const PLATFORM_STORAGE_KEY = "guide-platform";

export const PLATFORM_CHOICE_TEXT = {
  question: "Where do you use your wallet?",
  names: { browser: "Browser extension", android: "Android phone", ios: "iPhone" } satisfies Record<ChosenPlatform, string>,
};

export function isChosenPlatform(value: unknown): value is ChosenPlatform {
  return typeof value === "string" && (CHOSEN_PLATFORMS as readonly string[]).includes(value);
}

/** The phone a user agent names; null for a computer (or a tablet that says it is one). */
export function platformFromUserAgent(userAgent: string): ChosenPlatform | null {
  if (/Android/i.test(userAgent)) return "android";
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  return null;
}

/** `#android` or `#android-guides` (the no-JavaScript target inside the list) both name Android. */
export function platformFromHash(hash: string): ChosenPlatform | null {
  const name = hash.replace(/^#/, "").replace(/-guides$/, "");
  return isChosenPlatform(name) ? name : null;
}

export function preferredPlatform(input: { hash: string; stored: string | null; userAgent: string }): ChosenPlatform | null {
  return platformFromHash(input.hash) ?? (isChosenPlatform(input.stored) ? input.stored : null) ?? platformFromUserAgent(input.userAgent);
}

/** localStorage can throw (private modes, storage turned off): the choice is then simply not remembered. */
export function readStoredPlatform(): string | null {
  try {
    return window.localStorage.getItem(PLATFORM_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storePlatform(platform: ChosenPlatform): void {
  try {
    window.localStorage.setItem(PLATFORM_STORAGE_KEY, platform);
  } catch {
    // Not remembered; the page still works.
  }
}

/**
 * Opens the chosen platform's list and closes the other platforms' (the tips
 * list is left as it is), and marks the chosen link. Works on the
 * prerendered markup: `[data-platform-choice] a[data-platform]` and
 * `details[data-platform]`.
 */
export function showPlatform(root: ParentNode, platform: ChosenPlatform): void {
  for (const section of root.querySelectorAll<HTMLDetailsElement>("details[data-platform]")) {
    section.open = section.dataset.platform === platform;
  }
  for (const link of root.querySelectorAll<HTMLAnchorElement>("[data-platform-choice] a[data-platform]")) {
    if (link.dataset.platform === platform) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  }
}

/**
 * The platform choice's behaviour: open the preferred platform on arrival and
 * when the address's `#` names one, and remember a choice made with a link or
 * by opening a platform's list.
 * Without it (no JavaScript) the links still lead to each list, which the
 * browser opens as the target of the address's `#`. Returns the clean-up.
 */
export function bindPlatformChoice(root: Document): () => void {
  const choice = root.querySelector<HTMLElement>("[data-platform-choice]");
  if (!choice) return () => {};
  const initial = preferredPlatform({ hash: window.location.hash, stored: readStoredPlatform(), userAgent: navigator.userAgent });
  if (initial) showPlatform(root, initial);

  const onClick = (event: Event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-platform]");
    const platform = link?.dataset.platform;
    if (!isChosenPlatform(platform)) return;
    storePlatform(platform);
    showPlatform(root, platform);
  };
  const onToggle = (event: Event) => {
    const section = event.target as HTMLDetailsElement;
    if (section.open && isChosenPlatform(section.dataset.platform)) storePlatform(section.dataset.platform);
  };
  // A link to /how-to#ios from the same page changes only the address's `#`.
  const onHashChange = () => {
    const platform = platformFromHash(window.location.hash);
    if (platform) showPlatform(root, platform);
  };
  const sections = [...root.querySelectorAll<HTMLDetailsElement>("details[data-platform]")];
  choice.addEventListener("click", onClick);
  for (const section of sections) section.addEventListener("toggle", onToggle);
  window.addEventListener("hashchange", onHashChange);
  return () => {
    choice.removeEventListener("click", onClick);
    for (const section of sections) section.removeEventListener("toggle", onToggle);
    window.removeEventListener("hashchange", onHashChange);
  };
}
