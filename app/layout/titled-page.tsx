import type { HTMLAttributes, ReactNode } from "react";

const WIDTHS = { "2xl": "max-w-2xl", "3xl": "max-w-3xl", "4xl": "max-w-4xl", "6xl": "max-w-6xl" } as const;

/** A page under the site's header: its width, its one h1, and the lead paragraph under it. */
export function TitledPage({
  as: Tag = "section",
  title,
  lead,
  width,
  children,
  ...attributes
}: {
  as?: "section" | "article";
  title: ReactNode;
  lead?: ReactNode;
  width: keyof typeof WIDTHS;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "className" | "title">) {
  return (
    <Tag className={`mx-auto ${WIDTHS[width]} px-4 py-10 sm:px-6 sm:py-14`} {...attributes}>
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-[70ch] text-lg text-ink-800">{lead}</p> : null}
      {children}
    </Tag>
  );
}
