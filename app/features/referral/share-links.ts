import { formatTokens } from "../../lib/token-amount.ts";
import { site } from "../../site.ts";

/** What a member's share says above their link, from the configuration: the product's name and its daily amount. */
export function shareText(): string {
  return `Claim ${formatTokens(String(site.rewards.dailyAmount))} every day at ${site.token.name}. Sign up with my link:`;
}

/** Plain links that open each app's own share screen with the text and the link filled in: no script of theirs on our page. */
export function shareLinks(text: string, url: string): Array<{ name: string; href: string }> {
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return [
    { name: "X", href: `https://x.com/intent/post?${query({ text, url })}` },
    { name: "Telegram", href: `https://t.me/share/url?${query({ url, text })}` },
    { name: "WhatsApp", href: `https://wa.me/?${query({ text: `${text} ${url}` })}` },
  ];
}
