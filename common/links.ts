import type { PageSiteConfig } from "../config/site.ts";

/** Every outbound link the site builds from the token configuration, so no page spells an address or URL itself. */
export function contractSourceUrl(site: PageSiteConfig): string {
  return `${site.explorer.baseUrl}/address/${site.token.address}#code`;
}

export function explorerTokenUrl(site: PageSiteConfig): string {
  return `${site.explorer.baseUrl}/token/${site.token.address}`;
}

/** The token's own page for its address; any other address's page otherwise. */
export function explorerAddressUrl(site: PageSiteConfig, address: string): string {
  return address.toLowerCase() === site.token.address.toLowerCase()
    ? explorerTokenUrl(site)
    : `${site.explorer.baseUrl}/address/${address}`;
}

/** Etherscan and the explorers built on it list and revoke an address's token approvals on this page. */
export function approvalCheckerUrl(site: PageSiteConfig): string {
  return `${site.explorer.baseUrl}/tokenapprovalchecker`;
}

export function poolUrl(site: PageSiteConfig): string {
  return `${site.dex.appUrl}/explore/pools/${site.dex.chain}/${site.dex.poolAddress}`;
}

export function swapUrl(site: PageSiteConfig): string {
  return `${site.dex.appUrl}/swap?chain=${site.dex.chain}&inputCurrency=${site.dex.quoteAddress}&outputCurrency=${site.token.address}`;
}

export function addLiquidityUrl(site: PageSiteConfig): string {
  return `${site.dex.appUrl}/positions/create/v3?currencyA=${site.token.address}&currencyB=${site.dex.quoteAddress}&chain=${site.dex.chain}`;
}

/** The site's own "How to buy" path: get ETH, buy the token, add it to the wallet. */
export function howToBuyPath(site: PageSiteConfig): string {
  return `/how-to-buy-${site.token.slug}`;
}

export const WHITEPAPER_PATH = "/whitepaper.pdf";

/** The token address as a QR code, drawn by the build. */
export const TOKEN_ADDRESS_QR_PATH = "/brand/token-address-qr.svg";

export function referralLink(site: PageSiteConfig, referralCode: string): string {
  return `${site.site.origin}/register?ref=${encodeURIComponent(referralCode)}`;
}
