import type { ReactNode } from "react";

/** A table that scrolls sideways on a phone; the scroll area is focusable so the keyboard can scroll it too. */
export function DataTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled without a mouse.
    <section aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto rounded-lg border border-sand-200 bg-surface">
      <table className="w-full min-w-max text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-sand-100">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">{children}</tbody>
      </table>
    </section>
  );
}

export function Cell({ children, mono = false }: { children: ReactNode; mono?: boolean }) {
  return <td className={`px-3 py-2 align-top ${mono ? "font-mono text-xs" : ""}`}>{children}</td>;
}
