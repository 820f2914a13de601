/** Where focus may stay when the menu closes: a control the tap chose, or an opened dialog or pop-up. */
const KEEPS_FOCUS = "a[href], button, input, select, textarea, summary, dialog[open], dialog[open] *, [data-popup]";

/**
 * Closes the open phone menu when the person is done with it: Escape, a tap
 * outside it, or a link or button pressed inside it (a page to go to, a
 * dialog or pop-up to open). Focus goes back to the menu button unless the
 * tap gave it to another control or a dialog: a link hidden with the menu,
 * the page itself (`<main tabindex="-1">`) or nothing would leave a keyboard
 * user lost. Shared by SiteNav and the articles' script; returns what
 * removes the listeners.
 */
export function closeMenuWhenDone(button: HTMLElement, menu: HTMLElement, close: () => void): () => void {
  const done = () => {
    close();
    const focused = document.activeElement;
    if (!focused || menu.contains(focused) || !focused.matches(KEEPS_FOCUS)) button.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") done();
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || button.contains(target)) return;
    if (!menu.contains(target) || target.closest("a, button")) done();
  };
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("click", onClick);
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("click", onClick);
  };
}
