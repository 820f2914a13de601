import { useEffect } from "react";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { bindPlatformChoice, CHOSEN_PLATFORMS, PLATFORM_CHOICE_TEXT } from "./platform-preference.ts";

/**
 * "Where do you use your wallet?" with a link per platform to its list on the
 * same page (`#<platform>-guides`, inside the list's accordion, which the
 * browser opens without JavaScript). The prerendered page gets the same
 * behaviour from app/enhance/platform-choice.ts.
 */
export function PlatformChoice({ className = "" }: { className?: string }) {
  useEffect(() => bindPlatformChoice(document), []);
  return (
    <TitledSection as="nav" data-platform-choice className={`card ${className}`}>
      <SectionHeading className="text-xl font-bold">{PLATFORM_CHOICE_TEXT.question}</SectionHeading>
      <ul className="mt-4 flex flex-wrap gap-3">
        {CHOSEN_PLATFORMS.map((platform) => (
          <li key={platform}>
            <a
              href={`#${platform}-guides`}
              data-platform={platform}
              className="inline-flex min-h-11 items-center rounded-full border-2 border-ink-900 px-5 py-2 font-semibold text-ink-900 hover:bg-sand-100 aria-[current=true]:bg-ink-900 aria-[current=true]:text-sand-50"
            >
              {PLATFORM_CHOICE_TEXT.names[platform]}
            </a>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
