import { Markdown } from "../../components/ui/markdown.tsx";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import type { GuidePageData } from "../../content/guides.server.ts";

/**
 * The numbered steps: an ordered list, each step's title, text and picture.
 * An explainer (the tips guides) shows its topics as plain sections instead:
 * "What a liquidity pool is" is not a step.
 */
export function StepList({ steps, numbered }: { steps: GuidePageData["steps"]; numbered: boolean }) {
  if (!numbered) {
    return (
      <div className="mt-10 space-y-12">
        {steps.map((step, index) => (
          <TitledSection key={step.title} headingId={`section-${index + 1}`}>
            <SectionHeading className="text-2xl font-bold">{step.title}</SectionHeading>
            <Markdown html={step.html} className="mt-3 max-w-measure" />
          </TitledSection>
        ))}
      </div>
    );
  }
  return (
    <ol className="mt-10 space-y-12">
      {steps.map((step, index) => (
        <li key={step.title} className="grid gap-6 lg:grid-cols-[var(--container-measure)_minmax(0,1fr)] lg:gap-12">
          <div>
            <h2 id={`step-${index + 1}`} className="flex items-baseline gap-3 text-2xl font-bold">
              <span
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg text-white"
                aria-hidden="true"
                // Read as "Step 5:" from the heading's own text; indexed too, the number ran into it ("5Step 5:").
                data-pagefind-ignore
              >
                {index + 1}
              </span>
              <span>
                <span className="sr-only">{`Step ${index + 1}: `}</span>
                {step.title}
              </span>
            </h2>
            <Markdown html={step.html} className="mt-3 max-w-measure" />
          </div>
          {step.illustration ? (
            <figure className="mx-auto max-w-full lg:mx-0">
              <img
                src={step.illustration.src}
                alt={step.illustration.alt}
                width={step.illustration.width}
                height={step.illustration.height}
                loading={index < 2 ? "eager" : "lazy"}
                decoding="async"
                className={`h-auto rounded-2xl ${step.illustration.width > 400 ? "w-full max-w-[560px]" : "w-full max-w-[280px]"}`}
              />
            </figure>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
