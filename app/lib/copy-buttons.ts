import { copyText } from "./clipboard.ts";
import { COPIED_LABEL_MS } from "./timings.ts";

export const COPIED_LABEL = "Copied!";

/**
 * The Copy buttons (`button[data-copy]`) in HTML rendered at build time, by
 * the CopyButton component so they look and read the same: one listener on
 * the container does what CopyButton does. Returns the clean-up.
 */
export function handleCopyButtons(container: HTMLElement | Document): () => void {
  const timers = new Map<HTMLButtonElement, ReturnType<typeof setTimeout>>();
  const onClick = async (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-copy]");
    if (!button || !(await copyText(button.dataset.copy ?? ""))) return;
    button.textContent = COPIED_LABEL;
    clearTimeout(timers.get(button));
    timers.set(
      button,
      setTimeout(() => {
        button.textContent = button.dataset.label ?? "Copy";
        timers.delete(button);
      }, COPIED_LABEL_MS),
    );
  };
  container.addEventListener("click", onClick);
  return () => {
    container.removeEventListener("click", onClick);
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
