/**
 * Closes the open phone menu when the person is done with it: Escape, a tap
 * outside it, or a link or button pressed inside it (a page to go to, a
 * dialog or pop-up to open). Focus that would be left on a hidden link, or
 * nowhere, goes back to the menu button; focus the tap moved elsewhere (a
 * field, an opened dialog) stays there. Shared by SiteNav and the articles'
 * script; returns what removes the listeners.
 */
export function closeMenuWhenDone(button: HTMLElement, menu: HTMLElement, close: () => void): () => void {
  const done = () => {
    close();
    const focused = document.activeElement;
    if (!focused || focused === document.body || menu.contains(focused)) button.focus();
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
