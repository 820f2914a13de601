import type { SiteConfig } from "../../../config/site.ts";

const icons: Record<keyof SiteConfig["socials"], { label: string; path: string }> = {
  x: {
    label: "X (Twitter)",
    path: "M17.53 3H20.6l-6.72 7.68L21.8 21h-6.2l-4.85-6.35L5.2 21H2.12l7.19-8.22L1.7 3h6.35l4.39 5.8L17.53 3Zm-1.08 16.2h1.7L7.62 4.72H5.8l10.65 14.48Z",
  },
  telegram: {
    label: "Telegram",
    path: "M21.94 4.6 18.8 19.4c-.24 1.05-.86 1.3-1.74.81l-4.8-3.54-2.32 2.23c-.26.26-.47.47-.97.47l.35-4.9 8.9-8.05c.39-.35-.08-.54-.6-.2L6.6 13.17l-4.74-1.48c-1.03-.32-1.05-1.03.21-1.53L20.6 3.03c.86-.32 1.6.2 1.34 1.57Z",
  },
  discord: {
    label: "Discord",
    path: "M19.6 5.3A17.4 17.4 0 0 0 15.3 4l-.55 1.1a16 16 0 0 0-5.5 0L8.7 4a17.3 17.3 0 0 0-4.3 1.34C1.7 9.4.96 13.36 1.33 17.27a17.5 17.5 0 0 0 5.3 2.68l1.14-1.85a11.3 11.3 0 0 1-1.8-.86l.44-.34a12.5 12.5 0 0 0 11.18 0l.44.34c-.57.34-1.18.63-1.8.86l1.13 1.85a17.4 17.4 0 0 0 5.31-2.68c.44-4.53-.74-8.45-3.06-11.97ZM8.68 14.87c-1.04 0-1.9-.95-1.9-2.12s.84-2.13 1.9-2.13c1.06 0 1.92.96 1.9 2.13 0 1.17-.84 2.12-1.9 2.12Zm6.64 0c-1.04 0-1.9-.95-1.9-2.12s.84-2.13 1.9-2.13c1.07 0 1.92.96 1.9 2.13 0 1.17-.83 2.12-1.9 2.12Z",
  },
  youtube: {
    label: "YouTube",
    path: "M22.54 6.42a2.78 2.78 0 0 0-1.95-1.96C18.88 4 12 4 12 4s-6.88 0-8.59.46a2.78 2.78 0 0 0-1.95 1.96A29 29 0 0 0 1 12a29 29 0 0 0 .46 5.58 2.78 2.78 0 0 0 1.95 1.96C5.12 20 12 20 12 20s6.88 0 8.59-.46a2.78 2.78 0 0 0 1.95-1.96A29 29 0 0 0 23 12a29 29 0 0 0-.46-5.58ZM9.75 15.5v-7l6 3.5-6 3.5Z",
  },
};

/** The token's social accounts as labelled icon links. */
export function SocialLinks({ socials, tone }: { socials: SiteConfig["socials"]; tone: "light" | "dark" }) {
  const color =
    tone === "dark" ? "text-white/85 hover:text-white hover:bg-white/10" : "text-ink-800 hover:text-brand-700 hover:bg-sand-100";
  return (
    <ul className="flex items-center gap-1" aria-label="Social media">
      {(Object.keys(icons) as Array<keyof typeof icons>).map((network) => (
        <li key={network}>
          <a
            href={socials[network]}
            rel="noopener noreferrer"
            target="_blank"
            className={`flex size-11 items-center justify-center rounded-full ${color}`}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
              <path d={icons[network].path} />
            </svg>
            <span className="sr-only">{`${icons[network].label} (opens in a new tab)`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
