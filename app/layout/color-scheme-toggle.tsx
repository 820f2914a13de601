import { useSyncExternalStore } from "react";
import { chooseColorScheme, currentColorScheme, onColorSchemeChange } from "../lib/color-scheme.ts";

/**
 * The dark-mode switch in the header: a toggle button whose pressed state is
 * the page's scheme. Articles get its behaviour from app/enhance/color-scheme-toggle.ts.
 * Without scripts it is hidden: the page then follows the system.
 */
export function ColorSchemeToggle({ className = "" }: { className?: string }) {
  // Prerendered unpressed; the browser's own scheme once React or the article script takes over.
  const scheme = useSyncExternalStore(onColorSchemeChange, currentColorScheme, () => "light");
  return (
    <button
      type="button"
      data-color-scheme-toggle=""
      aria-pressed={scheme === "dark"}
      onClick={() => chooseColorScheme(scheme === "dark" ? "light" : "dark")}
      className={`group rounded-lg p-2 text-white hover:bg-white/10 [:root:not([data-scheme])_&]:hidden ${className}`}
    >
      <span className="sr-only">Dark mode</span>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-6 stroke-current group-aria-pressed:fill-current"
        fill="none"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
      </svg>
    </button>
  );
}
