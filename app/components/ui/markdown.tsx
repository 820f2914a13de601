import { type RefObject, useEffect, useRef } from "react";
import { copyText } from "../../lib/clipboard.ts";
import { COPIED_LABEL_MS } from "../../lib/timings.ts";
import { COPIED_LABEL } from "./copy-button.tsx";

/**
 * The Copy buttons of the address blocks in the HTML (rendered at build time
 * by the CopyButton component, so they look and read the same): one listener
 * on the container does what CopyButton does.
 */
function useCopyButtons(container: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const timers = new Map<HTMLButtonElement, ReturnType<typeof setTimeout>>();
    const onClick = async (event: MouseEvent) => {
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
    element.addEventListener("click", onClick);
    return () => {
      element.removeEventListener("click", onClick);
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [container]);
}

/** HTML the build rendered from the project's own Markdown (app/content/markdown.server.ts); never user input. */
export function Markdown({ html, className = "" }: { html: string; className?: string }) {
  const container = useRef<HTMLDivElement>(null);
  useCopyButtons(container);
  return <div ref={container} className={`prose-site ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
