import type { ReactNode } from "react";
import { SectionHeading, TitledSection } from "./titled-section.tsx";

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
    <TitledSection headingId={`${id}-heading`} className={`mx-auto max-w-6xl px-4 ${spacing} sm:px-6`}>
      <SectionHeading className="text-3xl font-bold">{title}</SectionHeading>
      {intro ? <p className="mt-3 max-w-2xl text-lg text-ink-800">{intro}</p> : null}
      {children}
    </TitledSection>
  );
}
