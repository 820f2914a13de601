import type { ReactNode } from "react";

/** A narrow card page: login, register, contact. */
export function CardPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="card sm:p-8">
        <h1 className={`text-3xl font-bold ${intro ? "" : "mb-6"}`}>{title}</h1>
        {intro ? <p className="mt-2 mb-6 text-base text-ink-800">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
