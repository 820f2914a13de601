import type { ReactNode } from "react";
import { contractSourceUrl, WHITEPAPER_PATH } from "../../../common/links.ts";
import { site } from "../../site.ts";
import { TokenAddressDialog } from "./token-address-dialog.tsx";
import { WhoWeAreDialog } from "./who-we-are-dialog.tsx";

const cardClass = "card flex h-full w-full flex-col items-start gap-3 text-left text-ink-900 hover:border-brand-300 hover:shadow-md";

/** 24 px line drawings in the brand colour; decoration only, the card's text says what it opens. */
const icons = {
  address: <path d="M4 9h16M4 15h16M10 3 8 21M16 3l-2 18" />,
  source: <path d="m8 8-5 4 5 4M16 8l5 4-5 4M13.5 5l-3 14" />,
  whitepaper: <path d="M14 3H6v18h12V7zM14 3v4h4M9 12h6M9 16h6" />,
  team: (
    <path d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.5-3.5 3-5.5 6.5-5.5s6 2 6.5 5.5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.8c2 .7 3.2 2.5 3.5 5.2" />
  ),
};

function CardContent({ icon, title, text }: { icon: keyof typeof icons; title: ReactNode; text: string }) {
  return (
    <>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-8 stroke-brand-600"
        fill="none"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {icons[icon]}
      </svg>
      <span className="text-lg font-bold">{title}</span>
      <span className="text-base font-normal text-ink-800">{text}</span>
    </>
  );
}

/** "The token, in the open": the address, the source, the whitepaper and the people, each with a line of what it opens. */
export function TokenFactCards() {
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <li>
        <TokenAddressDialog
          buttonClassName={cardClass}
          label={<CardContent icon="address" title="Public Token Address" text="The contract address to copy and check." />}
        />
      </li>
      <li>
        <a href={contractSourceUrl(site)} className={cardClass} rel="noopener noreferrer" target="_blank">
          <CardContent
            icon="source"
            title={
              <>
                Contract Source Code<span className="sr-only"> (opens in a new tab)</span>
              </>
            }
            text={`The verified code, read on ${site.explorer.name}.`}
          />
        </a>
      </li>
      <li>
        <a href={WHITEPAPER_PATH} className={cardClass}>
          <CardContent icon="whitepaper" title="Whitepaper (PDF)" text="The supply and the reward rules, in full." />
        </a>
      </li>
      <li>
        <WhoWeAreDialog
          buttonClassName={cardClass}
          label={<CardContent icon="team" title="Who We Are" text="The people behind the token, and how to reach them." />}
        />
      </li>
    </ul>
  );
}
