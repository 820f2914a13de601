import type { PageSiteConfig } from "../../config/site.ts";
import { CHOSEN_PLATFORMS, type ChosenPlatform } from "../features/guides/platform-preference.ts";
import { guideCatalog } from "./guide-catalog.ts";

export type BuyPathStep = { title: string; text: string; guide: { path: string; title: string } };
export type BuyPathPlatform = { platform: ChosenPlatform; steps: BuyPathStep[] };

/**
 * The "How to buy" path for each platform, each step linked to the guide that
 * does it, found by task in the catalogue: a guide that moves or is renamed
 * moves the link with it, and one that is missing fails the build.
 */
export function buyPath(site: PageSiteConfig): BuyPathPlatform[] {
  const catalog = guideCatalog(site);
  const guide = (platform: string, task: string) => {
    const entry = catalog.find((candidate) => candidate.platform === platform && candidate.task === task);
    if (!entry) throw new Error(`The buy path needs the ${platform} guide with task "${task}" (content/guides)`);
    return { path: entry.path, title: entry.title };
  };
  const { symbol, chainName } = site.token;
  return CHOSEN_PLATFORMS.map((platform) => ({
    platform,
    steps: [
      {
        title: "Set up MetaMask",
        text: "Skip this if you already have a wallet. Install the wallet from its official source, then create it and write down its Secret Recovery Phrase.",
        guide: guide(platform, "create-wallet"),
      },
      {
        title: "Get ETH into your wallet",
        text: `ETH pays for ${symbol} and for the network fee (gas) of every transaction. Buy it with a card in MetaMask, or withdraw it from an exchange to your address on ${chainName}.`,
        guide: guide("tips", "get-eth"),
      },
      {
        title: `Buy ${symbol} with a swap`,
        text: `Swap part of your ETH for ${symbol} in MetaMask, checking that the token's address is the official one. Keep some ETH back for later fees.`,
        guide: guide(platform, "buy"),
      },
      {
        title: `Add ${symbol} to your wallet`,
        text: `If ${symbol} does not show in your token list after the swap, import it with its official address. It was in your account all along.`,
        guide: guide(platform, "import-token"),
      },
    ],
  }));
}

/** The guides to read before buying, whatever the platform. */
export function buyPathSafety(site: PageSiteConfig): Array<{ path: string; title: string }> {
  const catalog = guideCatalog(site);
  return ["secret-recovery-phrase", "avoid-scams", "networks"].map((task) => {
    const entry = catalog.find((candidate) => candidate.platform === "tips" && candidate.task === task);
    if (!entry) throw new Error(`The buy path needs the tips guide with task "${task}" (content/guides/tips)`);
    return { path: entry.path, title: entry.title };
  });
}
