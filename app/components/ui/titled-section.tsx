import { type ComponentPropsWithoutRef, type ComponentPropsWithRef, createContext, useContext, useId } from "react";

const HeadingIdContext = createContext<string | undefined>(undefined);

/**
 * A landmark (a region, a navigation, an article) named by its heading: put one
 * SectionHeading inside, at whatever depth the layout needs, and it takes the id
 * the landmark's aria-labelledby points at.
 */
export function TitledSection({
  as: Landmark = "section",
  headingId,
  ...attributes
}: Omit<ComponentPropsWithoutRef<"section">, "aria-labelledby"> & {
  as?: "section" | "nav" | "article";
  /** Only for a heading that links point at (`#letter-s`); otherwise React makes one. */
  headingId?: string;
}) {
  const generatedId = useId();
  const id = headingId ?? generatedId;
  return (
    <HeadingIdContext value={id}>
      <Landmark aria-labelledby={id} {...attributes} />
    </HeadingIdContext>
  );
}

/** The h2 that names the TitledSection around it. */
export function SectionHeading(props: Omit<ComponentPropsWithRef<"h2">, "id">) {
  return <h2 id={useContext(HeadingIdContext)} {...props} />;
}
