import type { AnnouncedWallet } from "../../lib/wallet-discovery.ts";
import { site } from "../../site.ts";

/** The one-click add's texts, shared by the React button and the articles' script. */
export const ADD_TOKEN_TEXT = {
  heading: `Add ${site.token.symbol} in one click`,
  intro: "Your browser has a wallet. It will ask you to confirm the token's address before adding it.",
  button: (wallet: string) => `Add ${site.token.symbol} to ${wallet}`,
  outcome: (wallet: string, added: boolean) =>
    added
      ? `${site.token.symbol} was added to ${wallet}.`
      : `${wallet} did not add ${site.token.symbol}. You can add it by hand with the steps below.`,
};

/** EIP-747 `wallet_watchAsset`: true when the wallet added the token, false when the reader declined or it failed. */
export async function askToWatchToken(wallet: AnnouncedWallet): Promise<boolean> {
  const { token } = site;
  try {
    const answer = await wallet.provider.request({
      method: "wallet_watchAsset",
      params: {
        type: "ERC20",
        options: { address: token.address, symbol: token.symbol, decimals: token.decimals, image: `${site.site.origin}${token.logo}` },
      },
    });
    return answer === true;
  } catch {
    return false;
  }
}
