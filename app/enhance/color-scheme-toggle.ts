import { chooseColorScheme, currentColorScheme, onColorSchemeChange } from "../lib/color-scheme.ts";

/** What ColorSchemeToggle does, for its prerendered markup: the pressed state follows the scheme, a press flips it. */
export function enhanceColorSchemeToggle(): void {
  const buttons = document.querySelectorAll<HTMLButtonElement>("[data-color-scheme-toggle]");
  const show = () => {
    for (const button of buttons) button.setAttribute("aria-pressed", String(currentColorScheme() === "dark"));
  };
  for (const button of buttons)
    button.addEventListener("click", () => chooseColorScheme(currentColorScheme() === "dark" ? "light" : "dark"));
  onColorSchemeChange(show);
  show();
}
