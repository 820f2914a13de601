import type { ReactNode } from "react";

/**
 * A section of a wide page (the home page, the earn page): a landmark named by
 * its heading (`{id}-heading`, for links to it), with the sentence that opens it.
 */
export function PageSection({
  id,
  title,
  intro,
  spacing = "py-16",
  children,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  /** "pt-16" for a section the next one follows closely. */
  spacing?: "py-16" | "pt-16";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`mx-auto max-w-6xl px-4 ${spacing} sm:px-6`}>
      <h2 id={`${id}-heading`} className="text-3xl font-bold">
        {title}
      </h2>
      {intro ? <p className="mt-3 max-w-2xl text-lg text-ink-800">{intro}</p> : null}
      {children}
    </section>
  );
}
