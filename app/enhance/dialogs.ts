import { trapTab } from "../lib/modal-dialog.ts";

/** What DialogButton does, for its prerendered markup: open, close (button, backdrop, Escape), Tab kept inside, focus back to the opener. */
export function enhanceDialogs(): void {
  for (const opener of document.querySelectorAll<HTMLButtonElement>('button[aria-haspopup="dialog"][aria-controls]')) {
    const dialog = document.getElementById(opener.getAttribute("aria-controls") ?? "");
    if (!(dialog instanceof HTMLDialogElement)) continue;
    opener.addEventListener("click", () => dialog.showModal());
    dialog.addEventListener("close", () => opener.focus());
    dialog.addEventListener("keydown", (event) => trapTab(dialog, event));
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog || (event.target as Element).closest("[data-dialog-close]")) dialog.close();
    });
  }
}
