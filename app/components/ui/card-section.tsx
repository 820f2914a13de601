import { type ReactNode, useId } from "react";

/** A card that is a landmark region named by its heading. */
export function CardSection({ title, className = "", children }: { title: ReactNode; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`card ${className}`}>
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
