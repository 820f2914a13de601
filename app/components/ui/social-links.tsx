import type { PageSiteConfig } from "../../../config/site.ts";
// The icons' paths stay out of every page's script: one cached file, a symbol per network.
import socialIcons from "./social-icons.svg";

const labels: Record<keyof PageSiteConfig["socials"], string> = {
  x: "X (Twitter)",
  telegram: "Telegram",
  discord: "Discord",
  youtube: "YouTube",
};

/** The token's social accounts as labelled icon links. */
export function SocialLinks({ socials, tone }: { socials: PageSiteConfig["socials"]; tone: "light" | "dark" }) {
  const color =
    tone === "dark" ? "text-white/85 hover:text-white hover:bg-white/10" : "text-ink-800 hover:text-brand-700 hover:bg-sand-100";
  return (
    <ul className="flex items-center gap-1" aria-label="Social media">
      {(Object.keys(labels) as Array<keyof typeof labels>).map((network) => (
        <li key={network}>
          <a
            href={socials[network]}
            rel="noopener noreferrer"
            target="_blank"
            className={`flex size-11 items-center justify-center rounded-full ${color}`}
          >
            <svg aria-hidden="true" className="size-5 fill-current">
              <use href={`${socialIcons}#${network}`} />
            </svg>
            <span className="sr-only">{`${labels[network]} (opens in a new tab)`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
