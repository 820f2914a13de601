import type { ReactNode } from "react";
import { SectionHeading, TitledSection } from "./titled-section.tsx";

/** A card that is a landmark region named by its heading. */
export function CardSection({ title, className = "", children }: { title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <TitledSection className={`card ${className}`}>
      <SectionHeading className="text-xl font-bold">{title}</SectionHeading>
      {children}
    </TitledSection>
  );
}
