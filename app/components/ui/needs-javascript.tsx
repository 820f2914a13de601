/**
 * Shown only where scripts do not run: the site's forms and signed-in pages
 * talk to the API from the browser, so without JavaScript they would wait
 * or stay disabled with no word of why. With scripts, the empty block takes
 * no room and no margin; `className` styles the note itself, so any spacing
 * for it is there only when it shows.
 */
export function NeedsJavaScript({ what, className = "" }: { what: "form" | "page"; className?: string }) {
  return (
    <noscript className="block">
      <p className={`text-base text-ink-800 ${className}`}>This {what} needs JavaScript, which is turned off in this browser.</p>
    </noscript>
  );
}
